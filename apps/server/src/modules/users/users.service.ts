import type { UpdateProfileBody, UserProfile } from "@nexus/contracts";
import type { Db } from "@nexus/db";
import type { Caller, Deps, SessionUser } from "../../deps.ts";
import { deleteJobsMentioning } from "../../jobs/queue.ts";
import { AppError } from "../../lib/errors.ts";
import { keysetPage } from "../../lib/keyset-page.ts";
import * as files from "../files/files.service.ts";
import { nameFromEmail, orgNameFromEmail } from "./profile-defaults.ts";
import { presentProfile } from "./users.presenter.ts";
import * as repo from "./users.repo.ts";

export { presentProfile } from "./users.presenter.ts";
export { uiLanguageOf } from "./users.settings.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Creates or completes the profile of an e-mail that just proved ownership (inside the sign-in transaction). */
export async function ensureProfile(options: {
  db: Db | Tx;
  email: string;
  now: Date;
  displayName?: string;
}) {
  return repo.upsertByEmail(options.db, {
    email: options.email,
    name: options.displayName?.trim() || nameFromEmail(options.email),
    orgName: orgNameFromEmail(options.email),
    now: options.now,
  });
}

export function isSuperAdmin(
  deps: Pick<Deps, "env">,
  user: Pick<SessionUser, "id" | "email"> | null,
): boolean {
  if (!user) return false;
  const ids = deps.env.SUPER_ADMIN_IDS;
  return ids.includes(user.id.toLowerCase()) || ids.includes(user.email.toLowerCase());
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The super-admins' e-mail addresses: SUPER_ADMIN_IDS entries as written, ids resolved to accounts. */
export async function superAdminEmails(deps: Pick<Deps, "env" | "db">): Promise<string[]> {
  const emails = new Set<string>();
  for (const entry of deps.env.SUPER_ADMIN_IDS) {
    if (entry.includes("@")) emails.add(entry);
    else if (UUID_SHAPE.test(entry)) {
      const row = await repo.findById(deps.db, entry);
      if (row) emails.add(row.email);
    }
  }
  return [...emails];
}

/** The caller's own profile; anyone else's id answers exactly like a missing one. */
function assertOwner(caller: SessionUser, userId: string): void {
  if (caller.id !== userId) throw new AppError("not_found");
}

export async function getProfile(options: {
  deps: Deps;
  caller: SessionUser;
  userId: string;
}): Promise<UserProfile> {
  assertOwner(options.caller, options.userId);
  const row = await repo.findById(options.deps.db, options.userId);
  if (!row) throw new AppError("not_found");
  return presentProfile(row);
}

export async function updateProfile(options: {
  deps: Deps;
  caller: SessionUser;
  userId: string;
  patch: UpdateProfileBody;
}): Promise<UserProfile> {
  assertOwner(options.caller, options.userId);
  const { name, orgName, photoURL } = options.patch;
  const row = await repo.update(options.deps.db, options.userId, {
    ...(name !== undefined ? { name } : {}),
    ...(orgName !== undefined ? { orgName: orgName || null } : {}),
    ...(photoURL !== undefined ? { photoUrl: photoURL } : {}),
    updatedAt: options.deps.clock.now(),
  });
  if (!row) throw new AppError("not_found");
  return presentProfile(row);
}

/**
 * Removes the user and everything of theirs in one transaction: the profile, usage, history,
 * shares, feedback, sessions, files and chunks (cascades), pending sign-in links, their jobs in
 * the queue (pending or ended); leads keep no reference. Then the person's stored file objects.
 */
export async function deleteAccount(options: {
  deps: Deps;
  caller: SessionUser;
  userId: string;
  /**
   * Ends the person's pending sign-in links in the same transaction (auth's service owns them:
   * auth.endSignInLinks; passed in because auth already depends on users).
   */
  endSignInLinks: (tx: Tx, email: string) => Promise<void>;
}): Promise<void> {
  assertOwner(options.caller, options.userId);
  const removed = await options.deps.db.transaction(async (tx) => {
    await options.endSignInLinks(tx, options.caller.email);
    // Their queued, running and ended jobs (pg-boss's tables), found by what they mention.
    await deleteJobsMentioning(tx, await repo.jobMentionsOf(tx, options.caller));
    return repo.remove(tx, options.caller);
  });
  if (!removed) throw new AppError("not_found");
  // The rows are gone (cascade); now the stored objects under the person's prefix.
  await files.removeStoredFilesOf(options.deps, options.userId);
  options.deps.logger.info({ userId: options.userId }, "account deleted");
}

/**
 * Who a job acts for, from the user id it carries (job payloads hold ids only: no name or e-mail
 * outlives an account in the queue's tables). Null when the account is gone.
 */
export async function jobCaller(deps: Pick<Deps, "db">, userId: string): Promise<Caller | null> {
  const row = await repo.findById(deps.db, userId);
  if (!row) return null;
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    name: row.name,
    photoUrl: row.photoUrl,
    orgName: row.orgName,
    orgId: row.orgId,
    tier: row.tier,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  return { user, anonId: null, ip: "" };
}

export async function setTier(options: {
  deps: Pick<Deps, "db" | "clock">;
  userId: string;
  tier: "free" | "pro";
}): Promise<UserProfile> {
  const row = await repo.update(options.deps.db, options.userId, {
    tier: options.tier,
    updatedAt: options.deps.clock.now(),
  });
  if (!row) throw new AppError("not_found");
  return presentProfile(row);
}

export async function findByEmail(deps: Pick<Deps, "db">, email: string) {
  return repo.findByEmail(deps.db, email);
}

export async function listUsers(options: {
  deps: Deps;
  query?: string;
  cursor?: string;
  limit?: number;
}) {
  const limit = options.limit ?? 50;
  const rows = await repo.list(options.deps.db, {
    query: options.query,
    after: options.cursor,
    limit: limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, limit, (last) => last.email);
  return { users: page.map(presentProfile), nextCursor };
}

export { accountData } from "./users.account.ts";
export { getSettings, personalPrompt, updateSettings } from "./users.settings.ts";
