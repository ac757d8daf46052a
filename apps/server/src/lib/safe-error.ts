/**
 * What of an error may be written to a log: its kind and codes, never what it carries. A driver or
 * Drizzle error holds the SQL and every parameter (a lead's e-mail, an answer's text), a
 * PostgreSQL message can quote a value, a model-provider error holds the request body, and a
 * stack names install paths — none of that is logged.
 */
export interface SafeError {
  type: string;
  /** Node, PostgreSQL (SQLSTATE) or AppError code. */
  code?: string;
  /** HTTP status of a failed outbound call (model provider, search backend). */
  status?: number;
  /** Only for errors whose messages are written by code, never by data (see MESSAGE_TYPES). */
  message?: string;
  /** PostgreSQL: where it failed, in schema terms (never values). */
  routine?: string;
  constraint?: string;
  table?: string;
  column?: string;
  /** The failed statement's verb and first table (`insert leads`), never its text or parameters. */
  statement?: string;
  /** Function names of the innermost frames of our own code, without paths. */
  frames?: string[];
  cause?: SafeError;
}

/** Engine and AppError messages do not quote input; SyntaxError (JSON.parse) and others can. */
const MESSAGE_TYPES = new Set([
  "TypeError",
  "RangeError",
  "ReferenceError",
  "AppError",
  "AbortError",
  "TimeoutError",
]);
const CODE_SHAPE = /^[A-Za-z0-9_.-]{1,48}$/;
const IDENTIFIER = /^[A-Za-z0-9_.]{1,64}$/;
const PATHS = /(?:file:\/\/)?(?:\/[^\s/'"():]+)+|[A-Za-z]:\\[^\s'"]+/g;

function field(error: object, key: string): unknown {
  return (error as Record<string, unknown>)[key];
}

function identifier(value: unknown): string | undefined {
  return typeof value === "string" && IDENTIFIER.test(value) ? value : undefined;
}

/** `insert into "leads" (...)` → `insert leads`; nothing of the values. */
export function statementOf(query: string): string | undefined {
  const verb = /^\s*(select|insert|update|delete|with)\b/i.exec(query)?.[1]?.toLowerCase();
  if (!verb) return undefined;
  const table = /\b(?:from|into|update)\s+"?([A-Za-z0-9_]{1,64})"?/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}

function framesOf(stack: unknown): string[] | undefined {
  if (typeof stack !== "string") return undefined;
  const names: string[] = [];
  for (const line of stack.split("\n")) {
    const frame = /^\s+at (?:async )?([A-Za-z0-9_$.<>[\] ]+?) \((.*)\)$/.exec(line);
    if (!frame?.[1] || frame[2]?.includes("node_modules") || frame[2]?.startsWith("node:"))
      continue;
    names.push(frame[1].replaceAll(" ", "_"));
    if (names.length === 4) break;
  }
  return names.length > 0 ? names : undefined;
}

function messageOf(type: string, message: unknown): string | undefined {
  if (!MESSAGE_TYPES.has(type) || typeof message !== "string" || message === "") return undefined;
  return message.replace(PATHS, "[path]").slice(0, 200);
}

/**
 * An Error, or a plain copy of one (pg-boss emits `{ ...error, message, stack }`, which keeps a
 * Drizzle error's `params`): either is summarised, never passed through.
 */
export function isErrorLike(value: unknown): value is Error {
  if (value instanceof Error) return true;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  return typeof record.message === "string" && typeof record.stack === "string";
}

/** The loggable summary of anything thrown (non-errors give only their type). */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!isErrorLike(error)) return { type: error === null ? "null" : typeof error };
  // Drizzle's DrizzleQueryError keeps the name "Error": its class name says more.
  const named = typeof error.name === "string" && CODE_SHAPE.test(error.name) ? error.name : "";
  const constructorName = error instanceof Error ? error.constructor.name : "Error";
  const type = (named && named !== "Error" ? named : constructorName) || "Error";
  const out: SafeError = { type };
  const code = field(error, "code");
  if (typeof code === "string" && CODE_SHAPE.test(code)) out.code = code;
  const status = field(error, "statusCode") ?? field(error, "status");
  if (typeof status === "number" && Number.isInteger(status)) out.status = status;
  const message = messageOf(type, error.message);
  if (message) out.message = message;
  if (typeof field(error, "severity") === "string") {
    out.routine = identifier(field(error, "routine"));
    out.constraint = identifier(field(error, "constraint"));
    out.table = identifier(field(error, "table"));
    out.column = identifier(field(error, "column"));
  }
  const query = field(error, "query");
  if (typeof query === "string") out.statement = statementOf(query);
  if (depth === 0) out.frames = framesOf(error.stack);
  if (error.cause !== undefined && depth < 3) out.cause = safeError(error.cause, depth + 1);
  for (const key of Object.keys(out) as Array<keyof SafeError>) {
    if (out[key] === undefined) delete out[key];
  }
  return out;
}

function sanitize(value: unknown, depth: number): unknown {
  if (isErrorLike(value)) return safeError(value);
  if (depth >= 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => sanitize(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) out[key] = sanitize(child, depth + 1);
  return out;
}

/** A log record's fields with every Error (up to four levels down) made safe. */
export function withSafeErrors(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = sanitize(value, 0);
  return out;
}
