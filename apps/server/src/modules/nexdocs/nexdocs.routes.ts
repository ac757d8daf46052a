import {
  NEXDOCS_EXPORT_FORMATS,
  NEXDOCS_IMAGE_LIMITS,
  NEXDOCS_IMAGE_TOO_LARGE_MESSAGE,
  nexdocsCreateSchema,
  nexdocsFromThreadSchema,
  nexdocsListQuerySchema,
  nexdocsRestoreSchema,
  nexdocsSaveSchema,
} from "@nexus/contracts";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { startChat } from "../../ai/chat/start-chat.ts";
import type { AppEnv, Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { parseJson, parseValue } from "../../lib/validate.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as exporter from "../exports/exports.service.ts";
import { nexdocsChat } from "./nexdocs.chat.ts";
import { importDocument } from "./nexdocs.import.ts";
import * as nexdocs from "./nexdocs.service.ts";
import { nexdocsAiChat } from "./nexdocs-ai.chat.ts";

const exportQuery = z.strictObject({ format: z.enum(NEXDOCS_EXPORT_FORMATS) });
const revisionParam = z.coerce.number().int().min(1).max(2_147_483_647);

function revisionOf(value: string): number {
  const parsed = revisionParam.safeParse(value);
  if (!parsed.success) throw new AppError("not_found", "This version is not kept any more.");
  return parsed.data;
}

/**
 * /api/nexdocs (sign-in only): the caller's documents — list and search, create (empty, from
 * Markdown or from one of their threads), import a file, add and read images, read, save against a
 * revision, delete, versions and restore, export, POST /:id/chat, one streamed reply of the side
 * chat about it (nexdocs.chat.ts), and POST /:id/ai, an AI edit of a selection, streamed
 * (nexdocs-ai.chat.ts, one search each). Another person's document answers exactly as a missing one.
 */
export function nexdocsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser)
    .get("/", async (c) => {
      const { q } = parseValue(nexdocsListQuerySchema, c.req.query());
      return c.json(await nexdocs.list(deps, currentUser(c), q));
    })
    .post("/", async (c) => {
      const input = await parseJson(c, nexdocsCreateSchema);
      return c.json(await nexdocs.create(deps, currentUser(c), input), 201);
    })
    .post("/from-thread", async (c) => {
      const input = await parseJson(c, nexdocsFromThreadSchema);
      return c.json(await nexdocs.fromThread(deps, currentUser(c), input), 201);
    })
    .post("/import", async (c) => {
      const imported = await importDocument(new Uint8Array(await c.req.arrayBuffer()));
      return c.json(await nexdocs.create(deps, currentUser(c), imported), 201);
    })
    .get("/:id", async (c) => c.json(await nexdocs.get(deps, currentUser(c), c.req.param("id"))))
    .patch("/:id", async (c) => {
      const input = await parseJson(c, nexdocsSaveSchema);
      return c.json(await nexdocs.save(deps, currentUser(c), c.req.param("id"), input));
    })
    .delete("/:id", async (c) => {
      await nexdocs.remove(deps, currentUser(c), c.req.param("id"));
      return c.body(null, 204);
    })
    .post(
      "/:id/images",
      // Its own limit (app.ts leaves this path out of the 1 MiB one), with its own message.
      bodyLimit({
        maxSize: NEXDOCS_IMAGE_LIMITS.bytes,
        onError: () => {
          throw new AppError("payload_too_large", NEXDOCS_IMAGE_TOO_LARGE_MESSAGE);
        },
      }),
      async (c) => {
        const body = new Uint8Array(await c.req.arrayBuffer());
        const image = await nexdocs.addImage(deps, currentUser(c), {
          documentId: c.req.param("id"),
          body,
        });
        return c.json(image, 201);
      },
    )
    .get("/:id/images/:imageId", async (c) => {
      const image = await nexdocs.ownImage(deps, currentUser(c), {
        documentId: c.req.param("id"),
        imageId: c.req.param("imageId"),
      });
      const headers = nexdocs.imageHeaders(image, "private, max-age=3600");
      return c.body(new Uint8Array(image.bytes), 200, headers);
    })
    .get("/:id/versions", async (c) =>
      c.json(await nexdocs.versions(deps, currentUser(c), c.req.param("id"))),
    )
    .post("/:id/versions/:revision/restore", async (c) => {
      const { baseRevision } = await parseJson(c, nexdocsRestoreSchema);
      const revision = revisionOf(c.req.param("revision"));
      const id = c.req.param("id");
      return c.json(await nexdocs.restore(deps, currentUser(c), { id, revision, baseRevision }));
    })
    .post("/:id/ai", (c) => startChat(c, deps, nexdocsAiChat))
    .get("/:id/export", async (c) => {
      const { format } = parseValue(exportQuery, c.req.query());
      const file = await nexdocs.exportDocument(deps, currentUser(c), {
        id: c.req.param("id"),
        format,
        acceptLanguage: c.req.header("accept-language"),
      });
      c.header("content-type", file.contentType);
      c.header("content-disposition", exporter.attachment(file.fileName));
      c.header("cache-control", "private, no-store");
      return c.body(file.body as Uint8Array<ArrayBuffer>);
    })
    .post("/:id/chat", (c) => startChat(c, deps, nexdocsChat));
}
