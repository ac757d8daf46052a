import { z } from "zod";
import { MESSAGES } from "./messages.ts";

/** Deliberately simple e-mail shape check: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_EMAIL_LENGTH = 254;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** Client and server share this check; the messages are the spec's. */
export function validateEmail(
  raw: string,
): { ok: true; email: string } | { ok: false; message: string } {
  const email = normalizeEmail(raw);
  if (email === "") return { ok: false, message: MESSAGES.emailRequired };
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) {
    return { ok: false, message: MESSAGES.emailInvalid };
  }
  return { ok: true, email };
}

export const emailSchema = z
  .string()
  .max(MAX_EMAIL_LENGTH * 2)
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, MESSAGES.emailRequired)
      .max(MAX_EMAIL_LENGTH)
      .regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
  );

/** Sign-in link tokens are 32 random bytes, base64url (43 characters). */
export const signInTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const requestEmailLinkBodySchema = z.object({ email: emailSchema });
export type RequestEmailLinkBody = z.input<typeof requestEmailLinkBodySchema>;

/**
 * 202 whether or not an account exists. `recently_sent`: this requester (address + network) was
 * sent a link moments ago, so nothing new was sent; earlier links stay valid.
 */
export const requestEmailLinkResponseSchema = z.object({
  ok: z.literal(true),
  status: z.enum(["sent", "recently_sent"]),
});
export type RequestEmailLinkResponse = z.infer<typeof requestEmailLinkResponseSchema>;
export type RequestLinkStatus = RequestEmailLinkResponse["status"];

/** Shown instead of "Check your email" when a link was sent moments ago (status recently_sent). */
export const LINK_RECENTLY_SENT_MESSAGE = "We sent a link a minute ago — check your inbox";

export const checkEmailLinkBodySchema = z.object({ token: signInTokenSchema });
export const checkEmailLinkResponseSchema = z.object({ valid: z.boolean() });
export type CheckEmailLinkResponse = z.infer<typeof checkEmailLinkResponseSchema>;

export const completeEmailLinkBodySchema = z.object({
  token: signInTokenSchema,
  email: emailSchema,
});
export type CompleteEmailLinkBody = z.input<typeof completeEmailLinkBodySchema>;

/** The link's fragment carries the token so it never reaches a server log or a Referer header. */
export const SIGN_IN_LINK_FRAGMENT = "signin";

export const ANON_ID_PATTERN = /^anon_\d{10,16}_[a-z0-9]{6,32}$/;
export const ANON_ID_HEADER = "x-anon-id";
