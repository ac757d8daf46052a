import { z } from "zod";
import { MAX_EMAIL_LENGTH, parseEmail } from "./email.ts";
import { MESSAGES } from "./messages.ts";

/** Client and server share this check (the one parser, `parseEmail`); the messages are the spec's. */
export function validateEmail(
  raw: string,
): { ok: true; email: string } | { ok: false; message: string } {
  const parsed = parseEmail(raw);
  if (parsed.ok) return parsed;
  const message = parsed.reason === "empty" ? MESSAGES.emailRequired : MESSAGES.emailInvalid;
  return { ok: false, message };
}

/**
 * A request field holding one e-mail address, through `parseEmail`: trimmed and lower-cased;
 * missing or blank gives `required`, anything else that is not one plain address `invalid`.
 */
export function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .max(MAX_EMAIL_LENGTH * 2, messages.invalid)
    .transform((raw, ctx) => {
      const parsed = parseEmail(raw);
      if (parsed.ok) return parsed.email;
      const message = parsed.reason === "empty" ? messages.required : messages.invalid;
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });
}

// Pure: a chunk that takes only this module's constants (the web entry: the recently-sent message)
// drops the call, and zod with it (the bundler's `z` list covers `z.*(...)` calls, not this one).
export const emailSchema = /* @__PURE__ */ emailField({
  required: MESSAGES.emailRequired,
  invalid: MESSAGES.emailInvalid,
});

/** Sign-in link tokens are 32 random bytes, base64url (43 characters). */
export const signInTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * Where a sign-in link opens, when not /app: a page of the app the person asked from (a shared
 * agent's link, say), so signing in brings them back to it. Only a path under /app, made of plain
 * segments (no `.` or `..`): never another site, a query or a fragment.
 */
export const SIGN_IN_NEXT = /^\/app(\/(?!\.+(?:\/|$))[A-Za-z0-9._~-]+)*$/;

export const requestEmailLinkBodySchema = z.object({
  email: emailSchema,
  next: z.string().max(200).regex(SIGN_IN_NEXT, "Not a page of this app.").optional(),
});
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
