import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "./errors.ts";
import { BAD_UTF8_MESSAGE, findInvalidText } from "./text-guard.ts";

function issuesOf(error: z.ZodError) {
  return error.issues
    .slice(0, 20)
    .map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Parses a JSON body against a contract schema; malformed or wrong input is a 400, never a 500.
 * The bytes must be UTF-8 (no replacement characters slipped in), and through parseValue no string
 * at any depth may hold a NUL or a lone surrogate.
 */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json"))
    throw new AppError("unsupported_media_type");
  const bytes = await c.req.arrayBuffer();
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw new AppError("bad_request", BAD_UTF8_MESSAGE);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
  return parseValue(schema, raw);
}

/** Validates a parsed body or a query object: invalid text anywhere is a 400, then the schema. */
export function parseValue<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const invalid = findInvalidText(value);
  if (invalid) {
    throw new AppError("bad_request", invalid.message, { issues: [invalid] });
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0]?.message ?? "The request is not valid.";
    throw new AppError("bad_request", first, { issues: issuesOf(result.error) });
  }
  return result.data;
}
