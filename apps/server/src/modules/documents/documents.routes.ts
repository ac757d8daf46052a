import { addCollectionFilesSchema } from "@nexus/contracts";
import { Hono } from "hono";
import { startChat } from "../../ai/chat/start-chat.ts";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson } from "../../lib/validate.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import { documentChat } from "./documents.chat.ts";
import * as collections from "./documents.collections.ts";
import * as documents from "./documents.service.ts";

/**
 * /api/documents (sign-in only): a person's own file as a document. GET /:id its state; /:id/text
 * its text per page with its passages; /:id/passages/:ordinal one passage; /:id/content a PDF's
 * bytes for the viewer (ranges); POST /:id/chat one streamed reply of document chat. Collections:
 * GET /:id/chats its earlier chats; GET/POST /:id/threads/:threadId/files a chat's files (add);
 * DELETE /:id/threads/:threadId/files/:fileId takes one out (the file stays).
 */
export function documentsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser)
    .get("/:documentId", async (c) => {
      const row = await documents.ownedDocument(deps, currentUser(c), c.req.param("documentId"));
      return c.json(documents.documentInfo(row));
    })
    .get("/:documentId/text", async (c) => {
      const row = await documents.readyDocument(deps, currentUser(c), c.req.param("documentId"));
      return c.json(await documents.documentText(deps, row));
    })
    .get("/:documentId/passages/:ordinal", async (c) => {
      const row = await documents.readyDocument(deps, currentUser(c), c.req.param("documentId"));
      const ordinal = /^\d{1,9}$/.test(c.req.param("ordinal"))
        ? Number(c.req.param("ordinal"))
        : -1;
      return c.json(await documents.documentPassage(deps, row, ordinal));
    })
    .get("/:documentId/content", async (c) => {
      const row = await documents.ownedDocument(deps, currentUser(c), c.req.param("documentId"));
      return documents.documentContent({
        deps,
        row,
        range: c.req.header("range"),
        ifNoneMatch: c.req.header("if-none-match"),
      });
    })
    .get("/:documentId/chats", async (c) => {
      const user = currentUser(c);
      const row = await documents.ownedDocument(deps, user, c.req.param("documentId"));
      return c.json({ chats: await collections.earlierChats(deps, user, row) });
    })
    .get("/:documentId/threads/:threadId/files", async (c) => {
      const user = currentUser(c);
      const row = await documents.ownedDocument(deps, user, c.req.param("documentId"));
      return c.json(await collections.collectionFiles(deps, user, row, c.req.param("threadId")));
    })
    .post("/:documentId/threads/:threadId/files", async (c) => {
      const user = currentUser(c);
      const row = await documents.ownedDocument(deps, user, c.req.param("documentId"));
      const { fileIds } = await parseJson(c, addCollectionFilesSchema);
      const threadId = c.req.param("threadId");
      return c.json(await collections.addCollectionFiles(deps, user, row, threadId, fileIds));
    })
    .delete("/:documentId/threads/:threadId/files/:fileId", async (c) => {
      const user = currentUser(c);
      const row = await documents.ownedDocument(deps, user, c.req.param("documentId"));
      const { threadId, fileId } = c.req.param();
      return c.json(await collections.removeCollectionFile(deps, user, row, threadId, fileId));
    })
    .post("/:documentId/chat", (c) => startChat(c, deps, documentChat));
}
