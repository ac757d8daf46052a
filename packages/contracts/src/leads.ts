import { z } from "zod";
import { emailField } from "./auth.ts";
import { MESSAGES } from "./messages.ts";

/** Spec §3 Lead: the book-a-demo form (/book-demo and /contact). */
export const LEAD_SOURCE = "book_demo";

export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-1000", "1001-5000", "5000+"] as const;
export const companySizeSchema = z.enum(COMPANY_SIZES);
export type CompanySize = z.infer<typeof companySizeSchema>;

export const DEPLOYMENT_PREFERENCES = ["self-hosted", "cloud", "not-sure"] as const;
export const deploymentPreferenceSchema = z.enum(DEPLOYMENT_PREFERENCES);
export type DeploymentPreference = z.infer<typeof deploymentPreferenceSchema>;
export const DEPLOYMENT_LABELS: Readonly<Record<DeploymentPreference, string>> = {
  "self-hosted": "Self-hosted",
  cloud: "Cloud",
  "not-sure": "Not sure yet",
};

/** Lead statuses: every lead starts at new (spec §4); the rest is the admins' pipeline. */
export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost"] as const;
export const leadStatusSchema = z.enum(LEAD_STATUSES);
export type LeadStatus = z.infer<typeof leadStatusSchema>;
export const LEAD_STATUS_LABELS: Readonly<Record<LeadStatus, string>> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  won: "Won",
  lost: "Lost",
};

/** new → contacted → qualified → won; an open lead can be lost at any step; won and lost are final. */
export const LEAD_TRANSITIONS: Readonly<Record<LeadStatus, readonly LeadStatus[]>> = {
  new: ["contacted", "lost"],
  contacted: ["qualified", "lost"],
  qualified: ["won", "lost"],
  won: [],
  lost: [],
};

export function canMoveLead(from: LeadStatus, to: LeadStatus): boolean {
  return LEAD_TRANSITIONS[from].includes(to);
}

export const LEAD_LIMITS = {
  fullName: 200,
  company: 200,
  title: 200,
  linkedinProfile: 500,
  message: 5000,
} as const;

const missing = MESSAGES.missingRequiredFields;

const requiredName = z
  .string({ error: missing })
  .trim()
  .min(1, missing)
  .max(LEAD_LIMITS.fullName, `Keep the name under ${LEAD_LIMITS.fullName} characters.`);

const requiredEmail = emailField({ required: missing, invalid: MESSAGES.emailInvalid });

/** An optional text field: trimmed; absent, null or empty is null (spec §5). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep this field under ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal("")])
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * POST /api/leads. fullName and email come first so a missing one is the first issue reported:
 * 'Missing required fields'. `website` is a honeypot people never see or fill.
 */
export const leadRequestSchema = z.object({
  fullName: requiredName,
  email: requiredEmail,
  company: optionalText(LEAD_LIMITS.company),
  companySize: optionalChoice(COMPANY_SIZES),
  title: optionalText(LEAD_LIMITS.title),
  linkedinProfile: optionalText(LEAD_LIMITS.linkedinProfile),
  deploymentPreference: optionalChoice(DEPLOYMENT_PREFERENCES),
  message: optionalText(LEAD_LIMITS.message),
  website: z.unknown().optional(),
});
export type LeadRequest = z.input<typeof leadRequestSchema>;
export type LeadInput = z.output<typeof leadRequestSchema>;

/** The same answer whether the lead was stored or caught by the honeypot. */
export const leadReceivedSchema = z.object({ received: z.literal(true) });
export type LeadReceived = z.infer<typeof leadReceivedSchema>;

/** Per address and hour (LEADS_RATE_LIMIT); the 429 message the form shows. */
export const LEADS_RATE_LIMIT_MESSAGE =
  "Too many demo requests from your network. Please try again in an hour.";

// ── Admin (super-admins only) ──────────────────────────────────────────────────────────────────

export const adminLeadSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  companySize: z.string().nullable(),
  title: z.string().nullable(),
  linkedinProfile: z.string().nullable(),
  deploymentPreference: z.string().nullable(),
  message: z.string().nullable(),
  source: z.string(),
  status: leadStatusSchema,
  timestamp: z.string(),
  lastUpdated: z.string(),
  userId: z.string().nullable(),
});
export type AdminLead = z.infer<typeof adminLeadSchema>;

export const ADMIN_LEADS_PAGE_SIZE = 50;
export const ADMIN_SEARCH_MAX = 200;

/** GET /api/admin/leads (newest first, keyset cursor) and /api/admin/leads.csv (all matching). */
export const adminLeadQuerySchema = z.object({
  status: leadStatusSchema.optional(),
  q: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type AdminLeadQuery = z.infer<typeof adminLeadQuerySchema>;

export const adminLeadPageSchema = z.object({
  items: z.array(adminLeadSchema),
  nextCursor: z.string().nullable(),
});
export type AdminLeadPage = z.infer<typeof adminLeadPageSchema>;

/** PATCH /api/admin/leads/:leadId: only LEAD_TRANSITIONS are allowed (else 409). */
export const updateLeadStatusBodySchema = z.object({ status: leadStatusSchema }).strict();
export type UpdateLeadStatusBody = z.infer<typeof updateLeadStatusBodySchema>;
