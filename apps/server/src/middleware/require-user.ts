import { createMiddleware } from "hono/factory";
import type { AppEnv, SessionUser } from "../deps.ts";
import { AppError } from "../lib/errors.ts";

/** Deny by default: routes behind this see a signed-in user or answer 401. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get("user")) throw new AppError("unauthorized");
  await next();
});

/** The signed-in user of a route behind requireUser. */
export function currentUser(c: { get: (key: "user") => SessionUser | null }): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("unauthorized");
  return user;
}
