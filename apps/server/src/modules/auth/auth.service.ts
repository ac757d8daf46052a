import { SIGN_IN_LINK_FRAGMENT, SIGN_IN_NEXT } from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { randomToken, sha256 } from "../../lib/ids.ts";
import { linkOrigin } from "../../lib/origins.ts";
import { hitLimit, type LimitRule } from "../../middleware/rate-limit.ts";
import * as users from "../users/users.service.ts";
import * as repo from "./auth.repo.ts";
import { signInMail } from "./sign-in-mail.ts";

export { clearSessionCookie, readSessionCookie } from "./session-cookie.ts";

type Tx = Parameters<Parameters<Deps["db"]["transaction"]>[0]>[0];

export const LINK_TTL_MINUTES = 15;

/** Links one requester (address + client network) may have sent per 10 minutes. */
export const LINKS_PER_REQUESTER = 3;

const requesterRule: LimitRule = {
  bucket: "signin_requester",
  limit: LINKS_PER_REQUESTER,
  windowMs: 10 * 60_000,
};

export type RequestLinkStatus = "sent" | "recently_sent";

/**
 * Sends a sign-in link. Answers the same whether or not an account exists (no enumeration).
 * Throttling keys on the requester (the address and the caller's network, hashed: no address is
 * stored), never on the address alone, so requests from anyone else can neither void the
 * person's links nor stop their own request from sending one. Earlier links stay valid.
 */
export async function requestLink(options: {
  deps: Deps;
  email: string;
  network: string;
  /** The request's Origin header, if any. */
  requestOrigin?: string | undefined;
  /** The app page the link opens (SIGN_IN_NEXT, checked by the body's schema); else /app. */
  next?: string | undefined;
}): Promise<RequestLinkStatus> {
  const { deps, email } = options;
  const key = sha256(`${email}\n${options.network}`);
  const hit = await hitLimit({ db: deps.db, rule: requesterRule, key, now: deps.clock.now() });
  // Past the limit nothing is sent, and the answer says a link went out moments ago.
  if (!hit.allowed) return "recently_sent";
  const token = randomToken();
  const now = deps.clock.now();
  await repo.insertToken(deps.db, {
    tokenHash: sha256(token),
    email,
    now,
    expiresAt: new Date(now.getTime() + LINK_TTL_MINUTES * 60_000),
  });
  // The origin comes from APP_URL (or, with it unset, the allowed loopback origin the request came
  // from: lib/origins.ts), never from the request's Host header.
  const origin = linkOrigin(deps.env, options.requestOrigin);
  const page = options.next && SIGN_IN_NEXT.test(options.next) ? options.next : "/app";
  const link = `${origin}${page}#${SIGN_IN_LINK_FRAGMENT}=${token}`;
  try {
    await deps.mailer.send(
      signInMail({ to: email, link, ttlMinutes: LINK_TTL_MINUTES, appUrl: origin }),
    );
  } catch (error) {
    // The mail server's own message can quote the recipient: only the error's codes are logged.
    deps.logger.error({ err: error }, "sign-in e-mail not sent");
    throw new AppError(
      "unavailable",
      "The sign-in e-mail could not be sent. Try again in a moment.",
    );
  }
  return "sent";
}

/** Whether a link can still be used; never consumes it. */
export async function checkLink(options: { deps: Deps; token: string }): Promise<boolean> {
  return repo.isUsable(options.deps.db, sha256(options.token), options.deps.clock.now());
}

/**
 * Completes sign-in: consumes the link (atomically, once), creates or completes the profile and
 * opens a new session, all in one transaction. A wrong e-mail leaves the link usable (up to a few tries).
 */
export async function completeLink(options: { deps: Deps; token: string; email: string }) {
  const { deps, email } = options;
  const tokenHash = sha256(options.token);
  const now = deps.clock.now();
  const sessionToken = randomToken();
  const result = await deps.db.transaction(async (tx) => {
    if (!(await repo.consume(tx, { tokenHash, email, now }))) return null;
    await repo.voidUnused(tx, { email, now }); // a successful sign-in ends every pending link
    const user = await users.ensureProfile({ db: tx, email, now });
    await repo.insertSession(tx, {
      idHash: sha256(sessionToken),
      userId: user.id,
      now,
      expiresAt: new Date(now.getTime() + deps.env.SESSION_TTL_DAYS * 86_400_000),
    });
    return user;
  });
  if (result) return { user: result, sessionToken };
  if (await repo.isUsable(deps.db, tokenHash, now)) {
    await repo.recordFailedAttempt(deps.db, tokenHash);
    throw new AppError(
      "verification_failed",
      "This e-mail address does not match the sign-in link.",
    );
  }
  throw new AppError("invalid_link", "The sign-in link is invalid, used or expired.");
}

export async function resolveSession(options: {
  deps: Deps;
  token: string;
}): Promise<{ user: SessionUser; idHash: string } | null> {
  if (options.token.length !== 43) return null;
  const idHash = sha256(options.token);
  const user = await repo.findSessionUser(options.deps.db, idHash, options.deps.clock.now());
  return user ? { user, idHash } : null;
}

export async function signOut(options: { deps: Deps; idHash: string }): Promise<void> {
  await repo.deleteSession(options.deps.db, options.idHash);
}

/**
 * Ends every pending sign-in link of an address, inside the caller's transaction (account
 * deletion: users.deleteAccount runs it beside removing the user, so both happen or neither).
 */
export async function endSignInLinks(tx: Tx, email: string): Promise<void> {
  await repo.deleteTokensOf(tx, email);
}

export async function purgeExpired(deps: Deps): Promise<void> {
  await repo.deleteExpired(deps.db, deps.clock.now());
}
export { accountData } from "./auth.account.ts";
