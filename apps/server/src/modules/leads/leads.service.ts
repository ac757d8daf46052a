import {
  ADMIN_LEADS_PAGE_SIZE,
  type AdminLead,
  type AdminLeadPage,
  canMoveLead,
  LEAD_SOURCE,
  LEAD_STATUS_LABELS,
  type LeadInput,
  type LeadStatus,
  leadStatusSchema,
} from "@nexus/contracts";
import type { Caller, Deps } from "../../deps.ts";
import { csvStream } from "../../lib/csv.ts";
import { AppError } from "../../lib/errors.ts";
import { alphanumericId } from "../../lib/ids.ts";
import { keysetPage } from "../../lib/keyset-page.ts";
import { notifySuperAdmins } from "./leads.notify.ts";
import * as repo from "./leads.repo.ts";

const CSV_BATCH = 1000;
const LEAD_ID_SHAPE = /^[A-Za-z0-9]{1,64}$/;

/** A honeypot counts as filled when it holds anything but blank text. */
function honeypotFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value === "string" ? value.trim() !== "" : true;
}

/**
 * Stores a book-a-demo request (source book_demo, status new) and tells the super-admins. A filled
 * honeypot gets the same answer but nothing is stored or sent, so a bot learns nothing.
 */
export async function submitLead(options: {
  deps: Deps;
  caller: Caller;
  input: LeadInput;
}): Promise<{ stored: boolean }> {
  const { deps, caller, input } = options;
  const { website, ...fields } = input;
  if (honeypotFilled(website)) {
    deps.logger.info({ ip: caller.ip }, "lead dropped: honeypot filled");
    return { stored: false };
  }
  const now = deps.clock.now();
  const row = await repo.insert(deps.db, {
    ...fields,
    id: alphanumericId(),
    source: LEAD_SOURCE,
    status: "new",
    timestamp: now,
    lastUpdated: now,
    userId: caller.user?.id ?? null,
  });
  notifySuperAdmins(deps, row);
  return { stored: true };
}

function present(row: repo.LeadRow): AdminLead {
  const status = leadStatusSchema.safeParse(row.status);
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    company: row.company,
    companySize: row.companySize,
    title: row.title,
    linkedinProfile: row.linkedinProfile,
    deploymentPreference: row.deploymentPreference,
    message: row.message,
    source: row.source,
    status: status.success ? status.data : "new",
    timestamp: row.timestamp.toISOString(),
    lastUpdated: row.lastUpdated.toISOString(),
    userId: row.userId,
  };
}

function encodeCursor(row: repo.LeadRow): string {
  return Buffer.from(JSON.stringify([row.timestamp.toISOString(), row.id])).toString("base64url");
}

function decodeCursor(cursor: string): repo.LeadKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(value) && typeof value[0] === "string" && typeof value[1] === "string") {
      const timestamp = new Date(value[0]);
      if (!Number.isNaN(timestamp.getTime()) && LEAD_ID_SHAPE.test(value[1]))
        return { timestamp, id: value[1] };
    }
  } catch {
    // falls through to the 400
  }
  throw new AppError("bad_request", "The cursor is not valid.");
}

/** Super-admins: leads newest first, filtered by status and text, with a keyset cursor. */
export async function adminPage(options: {
  deps: Deps;
  filter: repo.LeadFilter;
  cursor?: string;
  limit?: number;
}): Promise<AdminLeadPage> {
  const limit = options.limit ?? ADMIN_LEADS_PAGE_SIZE;
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rows = await repo.page(options.deps.db, {
    filter: options.filter,
    after,
    limit: limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, limit, encodeCursor);
  return { items: page.map(present), nextCursor };
}

async function findOr404(deps: Deps, leadId: string): Promise<repo.LeadRow> {
  const row = LEAD_ID_SHAPE.test(leadId) ? await repo.findById(deps.db, leadId) : undefined;
  if (!row) throw new AppError("not_found");
  return row;
}

export async function getLead(options: { deps: Deps; leadId: string }): Promise<AdminLead> {
  return present(await findOr404(options.deps, options.leadId));
}

/** Moves a lead along its pipeline; a move LEAD_TRANSITIONS does not allow is a 409. */
export async function changeStatus(options: {
  deps: Deps;
  leadId: string;
  status: LeadStatus;
}): Promise<AdminLead> {
  const { deps, leadId, status } = options;
  const current = present(await findOr404(deps, leadId));
  if (!canMoveLead(current.status, status)) {
    throw new AppError(
      "conflict",
      `A lead that is ${LEAD_STATUS_LABELS[current.status].toLowerCase()} cannot move to ${LEAD_STATUS_LABELS[status].toLowerCase()}.`,
    );
  }
  const moved = await repo.moveStatus(deps.db, {
    id: leadId,
    from: current.status,
    to: status,
    now: deps.clock.now(),
  });
  if (!moved) throw new AppError("conflict", "The lead was changed meanwhile. Reload it.");
  return present(moved);
}

export async function countByStatus(deps: Pick<Deps, "db">): Promise<Record<LeadStatus, number>> {
  const counts: Record<LeadStatus, number> = {
    new: 0,
    contacted: 0,
    qualified: 0,
    won: 0,
    lost: 0,
  };
  for (const { status, count } of await repo.countByStatus(deps.db)) {
    const known = leadStatusSchema.safeParse(status);
    if (known.success) counts[known.data] = count;
  }
  return counts;
}

export const CSV_HEADER = [
  "id",
  "timestamp",
  "lastUpdated",
  "status",
  "source",
  "fullName",
  "email",
  "company",
  "companySize",
  "title",
  "linkedinProfile",
  "deploymentPreference",
  "message",
  "userId",
] as const;

/** Every matching lead as CSV (RFC 4180, formula-neutralized), newest first. */
export function csvExport(options: {
  deps: Deps;
  filter: repo.LeadFilter;
}): ReadableStream<Uint8Array> {
  return csvStream<repo.LeadRow>({
    header: CSV_HEADER,
    batchSize: CSV_BATCH,
    readBatch: (after, limit) =>
      repo.page(options.deps.db, { filter: options.filter, after, limit }),
    cells: (row) => {
      const lead = present(row);
      return CSV_HEADER.map((key) => lead[key] ?? "");
    },
  });
}
