import {
  checkEmailLinkBodySchema,
  completeEmailLinkBodySchema,
  type MeResponse,
  requestEmailLinkBodySchema,
  requestEmailLinkResponseSchema,
} from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson } from "../../lib/validate.ts";
import { networkOf, rateLimit } from "../../middleware/rate-limit.ts";
import { isSuperAdmin, presentProfile, uiLanguageOf } from "../users/users.service.ts";
import * as auth from "./auth.service.ts";
import { clearSessionCookie, setSessionCookie } from "./session-cookie.ts";

export function authRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post(
      "/email-link",
      rateLimit(deps, {
        bucket: "signin_ip",
        limit: deps.env.SIGNIN_RATE_LIMIT,
        windowMs: 10 * 60_000,
      }),
      async (c) => {
        const { email, next } = await parseJson(c, requestEmailLinkBodySchema);
        const status = await auth.requestLink({
          deps,
          email,
          next,
          network: networkOf(c),
          requestOrigin: c.req.header("origin"),
        });
        return c.json(requestEmailLinkResponseSchema.parse({ ok: true, status }), 202);
      },
    )
    .post(
      "/email-link/check",
      rateLimit(deps, {
        bucket: "signin_check",
        limit: deps.env.SIGNIN_RATE_LIMIT * 6,
        windowMs: 60_000,
      }),
      async (c) => {
        const { token } = await parseJson(c, checkEmailLinkBodySchema);
        return c.json({ valid: await auth.checkLink({ deps, token }) });
      },
    )
    .post(
      "/email-link/complete",
      rateLimit(deps, {
        bucket: "signin_complete",
        limit: deps.env.SIGNIN_RATE_LIMIT * 3,
        windowMs: 60_000,
      }),
      async (c) => {
        const { token, email } = await parseJson(c, completeEmailLinkBodySchema);
        const { user, sessionToken } = await auth.completeLink({ deps, token, email });
        setSessionCookie(c, deps.env, sessionToken); // a new session id at every sign-in
        const body: MeResponse = {
          user: presentProfile(user),
          tier: user.tier,
          isSuperAdmin: isSuperAdmin(deps, user),
          uiLanguage: await uiLanguageOf(deps, user.id),
        };
        return c.json(body);
      },
    )
    .post("/sign-out", async (c) => {
      const idHash = c.get("sessionIdHash");
      if (idHash) await auth.signOut({ deps, idHash });
      clearSessionCookie(c, deps.env);
      return c.body(null, 204);
    });
}
