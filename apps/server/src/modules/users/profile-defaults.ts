/** Personal free-mail domains: their users get no organisation name (spec §3). */
const FREE_MAIL_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.co.uk",
  "yahoo.fr",
  "yahoo.de",
  "ymail.com",
  "rocketmail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "hotmail.fr",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "zoho.com",
  "tutanota.com",
  "tuta.io",
  "fastmail.com",
  "hey.com",
  "qq.com",
  "163.com",
  "126.com",
  "naver.com",
  "orange.fr",
  "free.fr",
  "laposte.net",
  "libero.it",
  "t-online.de",
  "seznam.cz",
  "wp.pl",
  "o2.pl",
  "rediffmail.com",
  "inbox.com",
  "example.com",
]);

/** Second-level labels under country TLDs (acme.co.uk → acme). */
const GENERIC_SECOND_LEVEL = new Set([
  "co",
  "com",
  "org",
  "net",
  "ac",
  "gov",
  "edu",
  "ltd",
  "plc",
  "or",
  "ne",
  "go",
]);

function titleCase(words: string[]): string {
  return words
    .filter(Boolean)
    .map((w) => w.charAt(0).toLocaleUpperCase("en") + w.slice(1))
    .join(" ");
}

/** "jane.doe+news@x" → "Jane Doe". */
export function nameFromEmail(email: string): string {
  const local = (email.split("@")[0] ?? "").split("+")[0] ?? "";
  const name = titleCase(local.split(/[._-]+/));
  return name || "Nexus user";
}

/** "jane@eng.acme.co.uk" → "Acme"; free-mail domains → null. */
export function orgNameFromEmail(email: string): string | null {
  const domain = (email.split("@")[1] ?? "").toLowerCase();
  if (!domain || FREE_MAIL_DOMAINS.has(domain)) return null;
  const labels = domain.split(".").filter(Boolean);
  if (labels.length < 2) return null;
  labels.pop(); // top-level domain
  if (labels.length >= 2 && GENERIC_SECOND_LEVEL.has(labels.at(-1) ?? "")) labels.pop();
  const org = labels.at(-1);
  return org ? titleCase(org.split("-")) : null;
}
