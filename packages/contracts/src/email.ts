/**
 * The one e-mail address parser: a strict RFC 5321/5322 addr-spec subset, used by every place an
 * address is accepted (sign-in, the confirmation modal, leads, admin, configuration).
 *
 * Accepted: `local@domain` after trimming, where
 * - the whole address is at most 254 characters and the local part at most 64 (RFC 5321 §4.5.3.1);
 * - the local part is a dot-atom: runs of letters, digits and ``!#$%&'*+/=?^_`{|}~-`` joined by
 *   single dots (no leading, trailing or doubled dot);
 * - the domain is two or more LDH labels (letters, digits, inner hyphens; 1–63 characters each)
 *   whose last label starts with a letter (so no bare IP address), at most 253 characters.
 *
 * Refused: everything else — display names and angle brackets (`a<victim@example.com>`), lists
 * (commas, semicolons), quoted local parts, comments, whitespace or control characters inside,
 * IP literals, non-ASCII (internationalised domains must be given in their `xn--` form).
 * The result is lower-cased (spec §5), so one mailbox is one address.
 */

export const MAX_EMAIL_LENGTH = 254;
export const MAX_EMAIL_LOCAL_LENGTH = 64;
const MAX_DOMAIN_LENGTH = 253;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^[A-Za-z][A-Za-z0-9-]*$/;

export type EmailParseResult =
  | { ok: true; email: string }
  | { ok: false; reason: "empty" | "invalid" };

function domainIsValid(domain: string): boolean {
  if (domain.length > MAX_DOMAIN_LENGTH) return false;
  const labels = domain.split(".");
  const top = labels[labels.length - 1];
  if (labels.length < 2 || top === undefined || !TOP_LABEL.test(top)) return false;
  return labels.every((label) => LABEL.test(label));
}

/** Parses one address: trimmed, checked, lower-cased; `empty` when nothing but whitespace. */
export function parseEmail(raw: string): EmailParseResult {
  const value = raw.trim();
  if (value === "") return { ok: false, reason: "empty" };
  if (value.length > MAX_EMAIL_LENGTH) return { ok: false, reason: "invalid" };
  const at = value.indexOf("@");
  if (at < 0 || at !== value.lastIndexOf("@")) return { ok: false, reason: "invalid" };
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > MAX_EMAIL_LOCAL_LENGTH || !LOCAL_PART.test(local) || !domainIsValid(domain)) {
    return { ok: false, reason: "invalid" };
  }
  // Checked as ASCII first: lower-casing "K" (Kelvin sign) or "İ" could otherwise turn into ASCII.
  return { ok: true, email: value.toLowerCase() };
}

/** Whether `raw` is one valid address (after trimming). */
export function isEmailAddress(raw: string): boolean {
  return parseEmail(raw).ok;
}
