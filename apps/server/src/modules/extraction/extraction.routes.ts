import {
  EXPORT_WORDS,
  extractionAddFieldSchema,
  extractionCellEditSchema,
  extractionCreateSchema,
  extractionExportQuerySchema,
  extractionItemSchema,
  extractionListSchema,
  extractionProposalSchema,
  extractionProposeSchema,
  extractionRerunSchema,
} from "@nexus/contracts";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { parseJson, parseValue } from "../../lib/validate.ts";
import { currentUser, requireUser } from "../../middleware/require-user.ts";
import * as exporter from "../exports/exports.service.ts";
import { extractionMarkdown } from "./extraction.document.ts";
import * as edits from "./extraction.edits.ts";
import { exportFile } from "./extraction.export.ts";
import { propose } from "./extraction.propose.ts";
import * as extraction from "./extraction.service.ts";

/**
 * /api/extractions (sign-in only; another person's extraction and a made-up id are the same
 * 404). Rows stream from the run's events (GET /api/runs/:runId/events).
 */
export function extractionRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use("*", requireUser)
    .post("/propose", async (c) => {
      const input = await parseJson(c, extractionProposeSchema);
      const proposal = await propose(deps, currentUser(c), input, {
        ip: c.get("ip"),
        signal: c.req.raw.signal,
      });
      return c.json(extractionProposalSchema.parse(proposal));
    })
    .post("/", async (c) => {
      const input = await parseJson(c, extractionCreateSchema);
      const item = await extraction.start(deps, currentUser(c), input);
      return c.json(extractionItemSchema.parse(item), 201);
    })
    .get("/", async (c) =>
      c.json(extractionListSchema.parse({ items: await extraction.list(deps, currentUser(c)) })),
    )
    .get("/:id", async (c) =>
      c.json(
        extractionItemSchema.parse(await extraction.get(deps, currentUser(c), c.req.param("id"))),
      ),
    )
    .post("/:id/cancel", async (c) =>
      c.json(
        extractionItemSchema.parse(
          await extraction.cancel(deps, currentUser(c), c.req.param("id")),
        ),
        202,
      ),
    )
    .patch("/:id/rows/:row/cells/:key", async (c) => {
      const { value } = await parseJson(c, extractionCellEditSchema);
      const item = await edits.editCell(deps, currentUser(c), {
        id: c.req.param("id"),
        row: c.req.param("row"),
        key: c.req.param("key"),
        value,
      });
      return c.json(extractionItemSchema.parse(item));
    })
    .post("/:id/rerun", async (c) => {
      const input = await parseJson(c, extractionRerunSchema);
      const item = await edits.rerun(deps, currentUser(c), c.req.param("id"), input);
      return c.json(extractionItemSchema.parse(item), 202);
    })
    .post("/:id/fields", async (c) => {
      const { field } = await parseJson(c, extractionAddFieldSchema);
      const item = await edits.addField(deps, currentUser(c), c.req.param("id"), field);
      return c.json(extractionItemSchema.parse(item), 202);
    })
    .get("/:id/export", async (c) => {
      const { format } = parseValue(extractionExportQuerySchema, c.req.query());
      const user = currentUser(c);
      const item = await extraction.get(deps, user, c.req.param("id"));
      c.header("cache-control", "private, no-store");
      if (format === "md" || format === "pdf" || format === "docx") {
        const language = await exporter.exportLanguage(deps, user, c.req.header("accept-language"));
        const file = await exporter.markdownFile({
          markdown: extractionMarkdown(item, EXPORT_WORDS[language], language),
          title: item.title,
          format,
        });
        c.header("content-type", file.contentType);
        c.header("content-disposition", exporter.attachment(file.fileName));
        return c.body(file.body as Uint8Array<ArrayBuffer>);
      }
      const file = exportFile(item, format);
      c.header("content-type", file.contentType);
      c.header("content-disposition", exporter.attachment(file.fileName));
      return c.body(
        typeof file.body === "string" ? file.body : (file.body as Uint8Array<ArrayBuffer>),
      );
    })
    .delete("/:id", async (c) => {
      await extraction.remove(deps, currentUser(c), c.req.param("id"));
      return c.body(null, 204);
    });
}
