import type { MeResponse } from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { presentProfile } from "./users.presenter.ts";
import { isSuperAdmin, uiLanguageOf } from "./users.service.ts";

/** The session check: who am I, which tier applies, and the interface language I chose. */
export function meRoutes(deps: Deps) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const user = c.get("user");
    const body: MeResponse = user
      ? {
          user: presentProfile(user),
          tier: user.tier,
          isSuperAdmin: isSuperAdmin(deps, user),
          uiLanguage: await uiLanguageOf(deps, user.id),
        }
      : { user: null, tier: "anonymous", isSuperAdmin: false };
    return c.json(body);
  });
}
