import type { ErrorResponse } from "@nexus/contracts";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";

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
    logger.error({ rid: c.get("requestId"), err: error, path: c.req.path }, "unhandled error");
    return c.json(
      { error: { code: "internal", message: "Something went wrong on our side." } },
      500,
    );
  };
}

export function notFoundHandler(c: Context<AppEnv>) {
  return c.json({ error: { code: "not_found", message: "Not found." } }, 404);
}
