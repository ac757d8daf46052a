import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../deps.ts";
import type { Env } from "../env.ts";
import { AppError } from "../lib/errors.ts";
import { allowedOrigins, refusedOriginMessage } from "../lib/origins.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for state-changing requests: a browser always sends Origin (and Sec-Fetch-Site) on
 * them, so a foreign origin or a cross-site fetch is refused. Non-browser clients send neither.
 * Allowed origins: APP_URL's when set, else every loopback origin of PORT (lib/origins.ts).
 */
export function originCheck(env: Pick<Env, "APP_URL" | "APP_URL_SET" | "PORT">) {
  const allowed = allowedOrigins(env);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header("origin");
      const site = c.req.header("sec-fetch-site");
      if ((origin !== undefined && !allowed.has(origin)) || site === "cross-site") {
        throw new AppError("forbidden", refusedOriginMessage(env, origin));
      }
    }
    await next();
  });
}
