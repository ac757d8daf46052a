import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../deps.ts";
import { AppError } from "../lib/errors.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for state-changing requests: a browser always sends Origin (and Sec-Fetch-Site) on
 * them, so a foreign origin or a cross-site fetch is refused. Non-browser clients send neither.
 */
export function originCheck(appUrl: string) {
  const allowed = new URL(appUrl).origin;
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      if ((origin !== undefined && origin !== allowed) || site === "cross-site") {
        throw new AppError("forbidden", "Cross-site request refused.");
      }
    }
    await next();
  });
}
