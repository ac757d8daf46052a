import { createMiddleware } from "hono/factory";
import type { AppEnv, Deps } from "../deps.ts";
import { resolveSession } from "../modules/auth/auth.service.ts";
import { readSessionCookie } from "../modules/auth/session-cookie.ts";

/** Attaches the signed-in user (or null) from the session cookie. */
export function session(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = readSessionCookie(c, deps.env);
    if (token) {
      const found = await resolveSession({ deps, token });
      if (found) {
        c.set("user", found.user);
        c.set("sessionIdHash", found.idHash);
      }
    }
    await next();
  });
}
