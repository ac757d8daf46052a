import { createMiddleware } from "hono/factory";
import type { AppEnv, Deps } from "../deps.ts";
import { readSessionCookie, resolveSession } from "../modules/auth/auth.service.ts";

/** Attaches the signed-in user (or null) from the session cookie. */
export function session(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = readSessionCookie(c, deps.env);
    if (token) {
      try {
        const found = await resolveSession({ deps, token });
        if (found) {
          c.set("user", found.user);
          c.set("sessionIdHash", found.idHash);
        }
      } catch (error) {
        // Spec §4: a failed tier read gives anonymous. Routes that need the user then answer 401.
        deps.logger.warn(
          { rid: c.get("requestId"), err: error },
          "session lookup failed; continuing as anonymous",
        );
      }
    }
    await next();
  });
}
