import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "./errors.ts";

function issuesOf(error: z.ZodError) {
  return error.issues
    .slice(0, 20)
    .map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

/** Parses a JSON body against a contract schema; malformed or wrong input is a 400, never a 500. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json"))
    throw new AppError("unsupported_media_type");
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
  return parseValue(schema, raw);
}

export function parseValue<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const first = result.error.issues[0]?.message ?? "The request is not valid.";
    throw new AppError("bad_request", first, { issues: issuesOf(result.error) });
  }
  return result.data;
}
