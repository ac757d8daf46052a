import { type CapturedMail, extractSignInLink } from "../fakes/smtp-capture.ts";
import { e2eEnv } from "./env.ts";

const SIGN_IN_SUBJECT = "Your Nexus sign-in link";

/**
 * The newest e-mail to `to` received at or after `since` (ms epoch) whose subject starts with
 * `subject` when given, waiting up to timeoutMs. Give the subject when other workers may mail the
 * same address meanwhile (the super-admin gets sign-in links and lead notifications).
 */
export async function latestMail(
  to: string,
  options: { since?: number; timeoutMs?: number; subject?: string } = {},
): Promise<CapturedMail> {
  const url = new URL("/messages/latest", e2eEnv.mailApi);
  url.searchParams.set("to", to);
  url.searchParams.set("since", String(options.since ?? 0));
  url.searchParams.set("timeoutMs", String(options.timeoutMs ?? 15_000));
  if (options.subject) url.searchParams.set("subject", options.subject);
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`no e-mail to ${to}: ${await response.text()}`);
  return (await response.json()) as CapturedMail;
}

/** Every e-mail to `to` received at or after `since`. */
export async function mailsTo(to: string, since = 0): Promise<CapturedMail[]> {
  const url = new URL("/messages", e2eEnv.mailApi);
  url.searchParams.set("to", to);
  url.searchParams.set("since", String(since));
  return (await (await fetch(url)).json()) as CapturedMail[];
}

/** The sign-in link of the newest e-mail to `to` since `since`. */
export async function signInLinkFor(to: string, since = 0): Promise<string> {
  return extractSignInLink(await latestMail(to, { since, subject: SIGN_IN_SUBJECT }));
}
