import {
  adminFeedbackPageSchema,
  adminFeedbackQuerySchema,
  setTierBodySchema,
} from "@nexus/contracts";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv, Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { parseJson, parseValue } from "../../lib/validate.ts";
import * as feedback from "../feedback/feedback.service.ts";
import * as users from "../users/users.service.ts";

const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(300).optional(),
});

export function adminRoutes(deps: Deps) {
  // Everyone but the super-admins sees the admin API as not existing.
  const requireSuperAdmin = createMiddleware<AppEnv>(async (c, next) => {
    if (!users.isSuperAdmin(deps, c.get("user"))) throw new AppError("not_found");
    await next();
  });
  return new Hono<AppEnv>()
    .use("*", requireSuperAdmin)
    .get("/users", async (c) => {
      const { q, cursor } = parseValue(listQuery, c.req.query());
      return c.json(await users.listUsers({ deps, query: q, cursor }));
    })
    .put("/users/:userId/tier", async (c) => {
      const { tier } = await parseJson(c, setTierBodySchema);
      const userId = parseValue(z.uuid(), c.req.param("userId"));
      return c.json(await users.setTier({ deps, userId, tier }));
    })
    .get("/feedback", async (c) => {
      const { cursor, ...filter } = parseValue(adminFeedbackQuerySchema, c.req.query());
      const page = await feedback.adminPage({ deps, filter, cursor });
      return c.json(adminFeedbackPageSchema.parse(page));
    })
    .get("/feedback.csv", async (c) => {
      const { cursor: _all, ...filter } = parseValue(adminFeedbackQuerySchema, c.req.query());
      return c.body(feedback.csvExport({ deps, filter }), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="nexus-feedback.csv"',
      });
    });
}
