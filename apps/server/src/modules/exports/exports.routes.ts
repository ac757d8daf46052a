import { exportQuerySchema } from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseValue } from "../../lib/validate.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import { accountZip } from "./account-export.ts";
import * as exporter from "./exports.service.ts";

/** GET /api/threads/:threadId/export?format=md|pdf|docx (sign-in only; the thread API's 404s). */
export function threadExportRoutes(deps: Deps) {
  return new Hono<AppEnv>().use("*", requireUser).get("/:threadId/export", async (c) => {
    const { format } = parseValue(exportQuerySchema, c.req.query());
    const file = await exporter.exportThread({
      deps,
      user: currentUser(c),
      threadId: c.req.param("threadId"),
      format,
      acceptLanguage: c.req.header("accept-language"),
    });
    c.header("content-type", file.contentType);
    c.header("content-disposition", exporter.attachment(file.fileName));
    c.header("cache-control", "private, no-store");
    return c.body(file.body as Uint8Array<ArrayBuffer>);
  });
}

/** GET /api/history/export.zip (sign-in only): the caller's whole history, streamed. */
export function historyExportRoutes(deps: Deps) {
  return new Hono<AppEnv>().use("*", requireUser).get("/export.zip", async (c) => {
    const user = currentUser(c);
    const language = await exporter.exportLanguage(deps, user, c.req.header("accept-language"));
    const stream = exporter.historyZip({ deps, user, language });
    c.header("content-type", "application/zip");
    c.header("content-disposition", exporter.attachment("nexus-history.zip"));
    c.header("cache-control", "private, no-store");
    return c.body(stream);
  });
}

/** GET /api/account/export.zip (sign-in only): everything the server keeps of the caller, streamed. */
export function accountExportRoutes(deps: Deps) {
  return new Hono<AppEnv>().use("*", requireUser).get("/export.zip", (c) => {
    const stream = accountZip({ deps, user: currentUser(c) });
    c.header("content-type", "application/zip");
    c.header("content-disposition", exporter.attachment("nexus-account.zip"));
    c.header("cache-control", "private, no-store");
    return c.body(stream);
  });
}
