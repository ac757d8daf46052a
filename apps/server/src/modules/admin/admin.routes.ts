import {
  adminFeedbackPageSchema,
  adminFeedbackQuerySchema,
  adminLeadPageSchema,
  adminLeadQuerySchema,
  adminLeadSchema,
  adminUsageSchema,
  setTierBodySchema,
  updateLeadStatusBodySchema,
} from "@nexus/contracts";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { AppEnv, Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { parseJson, parseValue } from "../../lib/validate.ts";
import { readDb } from "../../middleware/read-your-writes.ts";
import * as feedback from "../feedback/feedback.service.ts";
import * as leads from "../leads/leads.service.ts";
import * as users from "../users/users.service.ts";
import * as admin from "./admin.service.ts";

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
  // The lists and exports tolerate lag: a replica (after this admin's own write, one that has
  // replayed it); changes and single records read the primary.
  const reads = (c: Context<AppEnv>): Deps => ({ ...deps, db: readDb(deps, c) });
  return new Hono<AppEnv>()
    .use("*", requireSuperAdmin)
    .get("/users", async (c) => {
      const { q, cursor } = parseValue(listQuery, c.req.query());
      return c.json(await users.listUsers({ deps: reads(c), query: q, cursor }));
    })
    .put("/users/:userId/tier", async (c) => {
      const { tier } = await parseJson(c, setTierBodySchema);
      const userId = parseValue(z.uuid(), c.req.param("userId"));
      return c.json(await users.setTier({ deps, userId, tier }));
    })
    .get("/feedback", async (c) => {
      const { cursor, ...filter } = parseValue(adminFeedbackQuerySchema, c.req.query());
      const page = await feedback.adminPage({ deps: reads(c), filter, cursor });
      return c.json(adminFeedbackPageSchema.parse(page));
    })
    .get("/feedback.csv", async (c) => {
      const { cursor: _all, ...filter } = parseValue(adminFeedbackQuerySchema, c.req.query());
      return c.body(feedback.csvExport({ deps: reads(c), filter }), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="nexus-feedback.csv"',
      });
    })
    .get("/leads", async (c) => {
      const { cursor, limit, ...filter } = parseValue(adminLeadQuerySchema, c.req.query());
      const page = await leads.adminPage({ deps: reads(c), filter, cursor, limit });
      return c.json(adminLeadPageSchema.parse(page));
    })
    .get("/leads.csv", async (c) => {
      const { status, q } = parseValue(adminLeadQuerySchema, c.req.query());
      return c.body(leads.csvExport({ deps: reads(c), filter: { status, q } }), 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="nexus-leads.csv"',
        "Cache-Control": "no-store",
      });
    })
    .get("/leads/:leadId", async (c) => {
      const lead = await leads.getLead({ deps, leadId: c.req.param("leadId") });
      return c.json(adminLeadSchema.parse(lead));
    })
    .patch("/leads/:leadId", async (c) => {
      const { status } = await parseJson(c, updateLeadStatusBodySchema);
      const lead = await leads.changeStatus({ deps, leadId: c.req.param("leadId"), status });
      return c.json(adminLeadSchema.parse(lead));
    })
    .get("/usage", async (c) =>
      c.json(adminUsageSchema.parse(await admin.usageOverview(reads(c)))),
    );
}
