import { MESSAGES } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { EMPTY_LEAD, FULL_NAME_REQUIRED, hasErrors, validateLead } from "./lead-form-values.ts";

describe("validateLead", () => {
  it("requires the name and the e-mail with the spec's message", () => {
    expect(validateLead(EMPTY_LEAD)).toEqual({
      fullName: FULL_NAME_REQUIRED,
      email: MESSAGES.emailRequired,
      summary: MESSAGES.missingRequiredFields,
    });
    expect(validateLead({ ...EMPTY_LEAD, fullName: "   ", email: "a@b.co" })).toEqual({
      fullName: FULL_NAME_REQUIRED,
      summary: MESSAGES.missingRequiredFields,
    });
  });

  it("checks the e-mail's shape like the server", () => {
    const errors = validateLead({ ...EMPTY_LEAD, fullName: "Ada", email: "ada@acme" });
    expect(errors).toEqual({ email: MESSAGES.emailInvalid, summary: MESSAGES.emailInvalid });
    const listed = validateLead({ ...EMPTY_LEAD, fullName: "Ada", email: "a<victim@acme.com>" });
    expect(listed).toEqual({ email: MESSAGES.emailInvalid, summary: MESSAGES.emailInvalid });
  });

  it("accepts a name and an e-mail alone", () => {
    const errors = validateLead({ ...EMPTY_LEAD, fullName: "Ada", email: " Ada@Acme.com " });
    expect(hasErrors(errors)).toBe(false);
  });
});
