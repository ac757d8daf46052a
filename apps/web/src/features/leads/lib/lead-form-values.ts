import {
  companySizeSchema,
  deploymentPreferenceSchema,
  type LeadRequest,
  MESSAGES,
  validateEmail,
} from "@nexus/contracts";

export interface LeadFormValues {
  fullName: string;
  email: string;
  company: string;
  companySize: string;
  title: string;
  linkedinProfile: string;
  deploymentPreference: string;
  message: string;
  /** Honeypot: hidden from people, so only bots fill it. */
  website: string;
}

export const EMPTY_LEAD: LeadFormValues = {
  fullName: "",
  email: "",
  company: "",
  companySize: "",
  title: "",
  linkedinProfile: "",
  deploymentPreference: "",
  message: "",
  website: "",
};

export const FULL_NAME_REQUIRED = "Please enter your full name";

export interface LeadFormErrors {
  fullName?: string;
  email?: string;
  /** The form-level summary: the spec's 'Missing required fields' when one is empty. */
  summary?: string;
}

/** The server's rules, checked before sending: name and e-mail required, e-mail shaped like one. */
export function validateLead(values: LeadFormValues): LeadFormErrors {
  const errors: LeadFormErrors = {};
  if (values.fullName.trim() === "") errors.fullName = FULL_NAME_REQUIRED;
  const email = validateEmail(values.email);
  if (!email.ok) errors.email = email.message;
  if (errors.fullName || values.email.trim() === "") {
    errors.summary = MESSAGES.missingRequiredFields;
  } else if (errors.email) {
    errors.summary = errors.email;
  }
  return errors;
}

export function hasErrors(errors: LeadFormErrors): boolean {
  return Boolean(errors.fullName || errors.email || errors.summary);
}

/** The request body: the choices only when they are one of the contract's values. */
export function toLeadRequest(values: LeadFormValues): LeadRequest {
  const size = companySizeSchema.safeParse(values.companySize);
  const deployment = deploymentPreferenceSchema.safeParse(values.deploymentPreference);
  return {
    ...values,
    companySize: size.success ? size.data : null,
    deploymentPreference: deployment.success ? deployment.data : null,
  };
}
