import {
  bookmarkRequestSchema,
  bookmarkResponseSchema,
  deleteThreadsRequestSchema,
  deleteThreadsResponseSchema,
  historyPageSchema,
  historyQuerySchema,
  importThreadRequestSchema,
  importThreadResponseSchema,
  libraryPageSchema,
  libraryQuerySchema,
  threadPinRequestSchema,
  threadPinSchema,
  threadTitleRequestSchema,
  threadTitleSchema,
} from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson, parseValue } from "../../lib/validate.ts";
import { readDb } from "../../middleware/read-your-writes.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as history from "./history.service.ts";
import * as threads from "./history.threads.ts";
import * as titles from "./history.titles.ts";

/** /api/history (sign-in only): the thread list, deleting and bookmarking entries, imports. */
export function historyRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser)
    .get("/", async (c) => {
      const query = parseValue(historyQuerySchema, c.req.query());
      // A lag-tolerant list: a replica once it has replayed this person's last write.
      const reads = { ...deps, db: readDb(deps, c) };
      const page = await history.historyPage({ deps: reads, user: currentUser(c), ...query });
      return c.json(historyPageSchema.parse(page));
    })
    .post("/import", async (c) => {
      const body = await parseJson(c, importThreadRequestSchema);
      const imported = await history.importThread({ deps, user: currentUser(c), body });
      return c.json(importThreadResponseSchema.parse(imported));
    })
    .delete("/:entryId", async (c) => {
      const entryId = c.req.param("entryId");
      await history.deleteEntry({ deps, user: currentUser(c), entryId });
      return c.body(null, 204);
    })
    .put("/:entryId/bookmark", async (c) => {
      const { isBookmarked } = await parseJson(c, bookmarkRequestSchema);
      const entryId = c.req.param("entryId");
      const result = await history.setBookmark({
        deps,
        user: currentUser(c),
        entryId,
        isBookmarked,
      });
      return c.json(bookmarkResponseSchema.parse(result));
    });
}

/** /api/library (sign-in only): bookmarked answers. */
export function libraryRoutes(deps: Deps) {
  return new Hono<AppEnv>().use("*", requireUser).get("/", async (c) => {
    const query = parseValue(libraryQuerySchema, c.req.query());
    const reads = { ...deps, db: readDb(deps, c) };
    const page = await history.libraryPage({ deps: reads, user: currentUser(c), ...query });
    return c.json(libraryPageSchema.parse(page));
  });
}

/**
 * DELETE /api/threads/:threadId, POST /api/threads/bulk-delete, GET/PUT /api/threads/:threadId/title
 * and PUT /api/threads/:threadId/pin (sign-in only), mounted on /api/threads beside the answer
 * module's GET of the thread.
 */
export function threadDeleteRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser)
    .post("/bulk-delete", async (c) => {
      const { threadIds } = await parseJson(c, deleteThreadsRequestSchema);
      const deleted = await threads.deleteThreads({ deps, user: currentUser(c), threadIds });
      return c.json(deleteThreadsResponseSchema.parse(deleted));
    })
    .put("/:threadId/pin", async (c) => {
      const { pinned } = await parseJson(c, threadPinRequestSchema);
      const threadId = c.req.param("threadId");
      const pin = await threads.setPinned({ deps, user: currentUser(c), threadId, pinned });
      return c.json(threadPinSchema.parse(pin));
    })
    .delete("/:threadId", async (c) => {
      await history.deleteThread({ deps, user: currentUser(c), threadId: c.req.param("threadId") });
      return c.body(null, 204);
    })
    .get("/:threadId/title", async (c) => {
      const threadId = c.req.param("threadId");
      const title = await titles.threadTitle({ deps, user: currentUser(c), threadId });
      return c.json(threadTitleSchema.parse(title));
    })
    .put("/:threadId/title", async (c) => {
      const { title } = await parseJson(c, threadTitleRequestSchema);
      const threadId = c.req.param("threadId");
      const renamed = await titles.renameThread({ deps, user: currentUser(c), threadId, title });
      return c.json(threadTitleSchema.parse(renamed));
    });
}
