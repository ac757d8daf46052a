import { z } from "zod";
import { AppError } from "../../lib/errors.ts";

/**
 * A keyset position in an entry list: the entry's timestamp at full database precision
 * (microseconds, UTC, `YYYY-MM-DDTHH:MM:SS.ffffffZ`) and its id, which breaks timestamp ties.
 */
export interface Position {
  ts: string;
  id: string;
}

/** History paging: the snapshot fixed by page 1 and the last thread shown (its latest entry). */
export interface HistoryCursor {
  snapshot: Position;
  after: Position;
}

const POSITION_TS = /^[12]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Rejects what the pattern lets through but PostgreSQL would refuse (Feb 31, hour 25…). */
function isRealInstant(ts: string): boolean {
  const millis = `${ts.slice(0, 23)}Z`;
  const date = new Date(millis);
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis;
}

const positionSchema = z.tuple([
  z.string().regex(POSITION_TS).refine(isRealInstant),
  // Any id an entry may have, but never something the database cannot take as text.
  z
    .string()
    .min(1)
    .max(200)
    .refine((id) => !id.includes("\u0000")),
]);

const historyCursorSchema = z
  .object({ v: z.literal(1), k: z.literal("h"), s: positionSchema, a: positionSchema })
  .strict();
const libraryCursorSchema = z
  .object({ v: z.literal(1), k: z.literal("l"), a: positionSchema })
  .strict();

const INVALID = "The cursor is not valid: load the list again from its first page.";

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value), "utf8").toString("base64url");
}

function decode<S extends z.ZodType>(schema: S, cursor: string): z.output<S> {
  let raw: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error("not base64url");
    raw = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new AppError("bad_request", INVALID);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError("bad_request", INVALID);
  return parsed.data;
}

const toPosition = ([ts, id]: [string, string]): Position => ({ ts, id });

export function encodeHistoryCursor(cursor: HistoryCursor): string {
  return encode({
    v: 1,
    k: "h",
    s: [cursor.snapshot.ts, cursor.snapshot.id],
    a: [cursor.after.ts, cursor.after.id],
  });
}

/** The cursor of a history page; anything malformed is a 400 (never a database error). */
export function decodeHistoryCursor(cursor: string): HistoryCursor {
  const value = decode(historyCursorSchema, cursor);
  return { snapshot: toPosition(value.s), after: toPosition(value.a) };
}

export function encodeLibraryCursor(after: Position): string {
  return encode({ v: 1, k: "l", a: [after.ts, after.id] });
}

export function decodeLibraryCursor(cursor: string): Position {
  return toPosition(decode(libraryCursorSchema, cursor).a);
}
