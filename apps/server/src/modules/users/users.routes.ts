import {
  MESSAGES,
  personalSettingsSchema,
  updatePersonalSettingsSchema,
  updateProfileBodySchema,
} from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { parseJson } from "../../lib/validate.ts";
import { callerOf } from "../../middleware/request-context.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as auth from "../auth/auth.service.ts";
import * as usage from "../usage/usage.service.ts";
import * as users from "./users.service.ts";

export function usersRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .delete("/", () => {
      throw new AppError("bad_request", MESSAGES.userIdRequired);
    })
    .use("*", requireUser)
    .get("/:userId", async (c) => {
      return c.json(
        await users.getProfile({ deps, caller: currentUser(c), userId: c.req.param("userId") }),
      );
    })
    .patch("/:userId", async (c) => {
      const patch = await parseJson(c, updateProfileBodySchema);
      return c.json(
        await users.updateProfile({
          deps,
          caller: currentUser(c),
          userId: c.req.param("userId"),
          patch,
        }),
      );
    })
    .delete("/:userId", async (c) => {
      await users.deleteAccount({
        deps,
        caller: currentUser(c),
        userId: c.req.param("userId"),
        endSignInLinks: auth.endSignInLinks,
      });
      auth.clearSessionCookie(c, deps.env);
      return c.body(null, 204);
    })
    .get("/:userId/settings", async (c) => {
      const settings = await users.getSettings({
        deps,
        caller: currentUser(c),
        userId: c.req.param("userId"),
      });
      return c.json(personalSettingsSchema.parse(settings));
    })
    .patch("/:userId/settings", async (c) => {
      const patch = await parseJson(c, updatePersonalSettingsSchema);
      const settings = await users.updateSettings({
        deps,
        caller: currentUser(c),
        userId: c.req.param("userId"),
        patch,
      });
      return c.json(personalSettingsSchema.parse(settings));
    })
    .get("/:userId/usage", async (c) => {
      const caller = currentUser(c);
      if (caller.id !== c.req.param("userId")) throw new AppError("not_found");
      return c.json(await usage.summary({ deps, caller: callerOf(c) }));
    });
}
