import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import {
  fileListQuerySchema,
  fileListSchema,
  filePasswordRequestSchema,
  fileSchema,
  missingFilesQuerySchema,
  missingFilesSchema,
  renameFileRequestSchema,
  uploadedFileSchema,
} from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson, parseValue } from "../../lib/validate.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as files from "./files.service.ts";
import { uploadFile } from "./files.upload.ts";
import { contentDisposition, viewImage } from "./files.view.ts";

/**
 * /api/files (sign-in only): upload, list and search, rename, download, an image shown inline
 * (/view), delete, progress, a password for a protected PDF, and which of a thread's cited files
 * are gone (/missing, before /:fileId).
 */
export function filesRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser)
    .get("/", async (c) => {
      const { q } = parseValue(fileListQuerySchema, c.req.query());
      return c.json(fileListSchema.parse(await files.listFiles({ deps, user: currentUser(c), q })));
    })
    .post("/", async (c) => {
      // Under @hono/node-server the Node request is in c.env (not in app.request() tests).
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
      const { row, alreadyInFiles } = await uploadFile({
        deps,
        user: currentUser(c),
        request: c.req.raw,
        ...(incoming ? { incoming } : {}),
      });
      // The same bytes again: the person's existing file, 200 (nothing was created).
      const body = uploadedFileSchema.parse({ ...files.presentFile(row), alreadyInFiles });
      return c.json(body, alreadyInFiles ? 200 : 201);
    })
    .get("/missing", async (c) => {
      const { ids } = parseValue(missingFilesQuerySchema, c.req.query());
      const missing = await files.missingFiles({ deps, user: currentUser(c), fileIds: ids });
      return c.json(missingFilesSchema.parse({ missing }));
    })
    .get("/:fileId", async (c) => {
      const row = await files.ownedFile(deps, currentUser(c), c.req.param("fileId"));
      return c.json(fileSchema.parse(files.presentFile(row)));
    })
    .patch("/:fileId", async (c) => {
      const { name } = await parseJson(c, renameFileRequestSchema);
      const fileId = c.req.param("fileId");
      const file = await files.renameFile({ deps, user: currentUser(c), fileId, name });
      return c.json(fileSchema.parse(file));
    })
    .delete("/:fileId", async (c) => {
      await files.deleteFile({ deps, user: currentUser(c), fileId: c.req.param("fileId") });
      return c.body(null, 204);
    })
    .post("/:fileId/password", async (c) => {
      const fileId = c.req.param("fileId");
      const user = currentUser(c);
      // The owner first: another person's (or no) file is the same 404 whatever the body says.
      await files.ownedFile(deps, user, fileId);
      const { password } = await parseJson(c, filePasswordRequestSchema);
      const file = await files.retryWithPassword({ deps, user, fileId, password });
      return c.json(fileSchema.parse(file), 202);
    })
    .get("/:fileId/download", async (c) => {
      const fileId = c.req.param("fileId");
      const { row, body } = await files.openDownload({ deps, user: currentUser(c), fileId });
      // Never rendered in our origin: a download, not sniffed, sandboxed if opened anyway.
      return new Response(Readable.toWeb(body) as ReadableStream, {
        headers: {
          "Content-Type": "application/octet-stream",
          "Content-Length": String(row.size),
          "Content-Disposition": contentDisposition("attachment", row.name),
          "X-Content-Type-Options": "nosniff",
          "Content-Security-Policy": "sandbox; default-src 'none'",
        },
      });
    })
    .get("/:fileId/view", (c) =>
      viewImage({ deps, user: currentUser(c), fileId: c.req.param("fileId") }),
    )
    .get("/:fileId/events", async (c) => {
      const row = await files.ownedFile(deps, currentUser(c), c.req.param("fileId"));
      // The run's events as files show them; the stream ends at `ready` or `failed`.
      return files.streamFileEvents({ deps, c, runId: row.runId });
    });
}
