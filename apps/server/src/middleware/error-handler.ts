import type { ErrorResponse } from "@nexus/contracts";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { safeError } from "../lib/safe-error.ts";

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|pool after calling end|timeout exceeded when trying to connect|Client has encountered a connection error/;

/** A lost or refused database connection (drizzle wraps the driver's error in `cause`). */
function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      (typeof code === "string" && UNAVAILABLE_CODES.has(code)) ||
      UNAVAILABLE_MESSAGES.test(e.message)
    )
      return true;
  }
  return false;
}

/**
 * What an unexpected error's log line holds: the request id, the method and route pattern (not the
 * path with its values) and the error's safe summary (no SQL, parameters, body or stack paths).
 */
function where(c: Context<AppEnv>, error: Error) {
  return {
    rid: c.get("requestId"),
    method: c.req.method,
    route: c.req.routePath,
    err: safeError(error),
  };
}

/** Typed errors become their status and code; anything else is a logged 500 with no internals. */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context<AppEnv>) => {
    if (error instanceof AppError) {
      const body: ErrorResponse = {
        error: {
          code: error.code,
          message: error.message,
          ...(error.options.issues ? { issues: error.options.issues } : {}),
        },
      };
      for (const [k, v] of Object.entries(error.options.headers ?? {})) c.header(k, v);
      return c.json(
        { ...body, ...(error.options.details ? { details: error.options.details } : {}) },
        error.status,
      );
    }
    if (error instanceof HTTPException && error.status < 500) {
      const code =
        error.status === 413
          ? "payload_too_large"
          : error.status === 404
            ? "not_found"
            : "bad_request";
      return c.json(
        { error: { code, message: error.message || "The request is not valid." } },
        error.status,
      );
    }
    if (isDatabaseUnavailable(error)) {
      logger.error(where(c, error), "database unavailable");
      return c.json(
        {
          error: {
            code: "unavailable",
            message: "The service is temporarily unavailable. Try again in a moment.",
          },
        },
        503,
      );
    }
    logger.error(where(c, error), "unhandled error");
    return c.json(
      { error: { code: "internal", message: "Something went wrong on our side." } },
      500,
    );
  };
}

export function notFoundHandler(c: Context<AppEnv>) {
  return c.json({ error: { code: "not_found", message: "Not found." } }, 404);
}
