import { z } from "zod";

/** NexDocs (spec §2 nexdocs/:documentId): limits of one document and of an import. */
export const NEXDOCS_LIMITS = {
  title: 200,
  /** The editor's JSON of one document, serialised (the API's body limit is 1 MiB). */
  contentBytes: 900_000,
  /** Nesting of the editor's JSON (lists in lists in tables …). */
  depth: 40,
  /** Markdown sent to create a document. */
  markdown: 500_000,
  /** An imported file (Markdown, DOCX or HTML). */
  importBytes: 900_000,
  /** Earlier versions kept per document (older ones are dropped). */
  versions: 100,
  search: 200,
} as const;

/** A 409 on save: someone (another tab) saved a newer revision first; nothing was overwritten. */
export const NEXDOCS_CONFLICT_MESSAGE =
  "This document was changed elsewhere (another tab or device). Reload their version, or keep yours as a new version.";
export const NEXDOCS_TOO_LARGE_MESSAGE = `A document can hold at most ${NEXDOCS_LIMITS.contentBytes / 1000} kB of content.`;
export const NEXDOCS_BAD_CONTENT_MESSAGE = "The document's content is not a valid editor document.";
export const NEXDOCS_IMPORT_TYPES_MESSAGE =
  "Import a Markdown (.md), Word (.docx) or HTML (.html) file.";

export type NexdocsNode = {
  type: string;
  attrs?: Record<string, unknown>;
  content?: NexdocsNode[];
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  text?: string;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A ProseMirror node in JSON, checked without recursion past NEXDOCS_LIMITS.depth. */
export function isNexdocsNode(value: unknown, depth = 0): value is NexdocsNode {
  if (depth > NEXDOCS_LIMITS.depth || !isRecord(value)) return false;
  if (typeof value.type !== "string" || value.type.length === 0 || value.type.length > 64)
    return false;
  if (value.attrs !== undefined && !isRecord(value.attrs)) return false;
  if (value.text !== undefined && typeof value.text !== "string") return false;
  if (value.marks !== undefined) {
    if (!Array.isArray(value.marks)) return false;
    for (const m of value.marks)
      if (
        !isRecord(m) ||
        typeof m.type !== "string" ||
        (m.attrs !== undefined && !isRecord(m.attrs))
      )
        return false;
  }
  if (value.content !== undefined) {
    if (!Array.isArray(value.content)) return false;
    for (const child of value.content) if (!isNexdocsNode(child, depth + 1)) return false;
  }
  return true;
}

/** The editor's document: a ProseMirror `doc` node, bounded in depth and size. */
export const nexdocsContentSchema = z
  .custom<NexdocsNode>(
    (v) => isNexdocsNode(v) && (v as NexdocsNode).type === "doc",
    NEXDOCS_BAD_CONTENT_MESSAGE,
  )
  .refine(
    (v) => new TextEncoder().encode(JSON.stringify(v)).length <= NEXDOCS_LIMITS.contentBytes,
    NEXDOCS_TOO_LARGE_MESSAGE,
  );

const title = z
  .string()
  .trim()
  .max(NEXDOCS_LIMITS.title, `A title is at most ${NEXDOCS_LIMITS.title} characters`);

/** POST /api/nexdocs: an empty document, or one made from Markdown. */
export const nexdocsCreateSchema = z.strictObject({
  title: title.optional(),
  markdown: z.string().max(NEXDOCS_LIMITS.markdown).optional(),
});
export type NexdocsCreate = z.infer<typeof nexdocsCreateSchema>;

/** PATCH /api/nexdocs/:id: a save based on the revision the editor loaded. */
export const nexdocsSaveSchema = z.strictObject({
  baseRevision: z.number().int().min(1),
  title,
  content: nexdocsContentSchema,
});
export type NexdocsSave = z.infer<typeof nexdocsSaveSchema>;

/** GET /api/nexdocs?q=: the caller's documents, newest change first, optionally searched. */
export const nexdocsListQuerySchema = z.strictObject({
  q: z.string().trim().max(NEXDOCS_LIMITS.search).optional(),
});

export const nexdocsSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  excerpt: z.string(),
  revision: z.number().int(),
  updatedAt: z.string(),
});
export type NexdocsSummary = z.infer<typeof nexdocsSummarySchema>;

export const nexdocsListSchema = z.object({ documents: z.array(nexdocsSummarySchema) });
export type NexdocsList = z.infer<typeof nexdocsListSchema>;

export const nexdocsDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.custom<NexdocsNode>(),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NexdocsDocument = z.infer<typeof nexdocsDocumentSchema>;

/** The body of a 409 on save: `details.current` is the document as it now is. */
export interface NexdocsConflictDetails {
  current: NexdocsDocument;
}

export const nexdocsVersionSchema = z.object({
  revision: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
});
export type NexdocsVersion = z.infer<typeof nexdocsVersionSchema>;
export const nexdocsVersionsSchema = z.object({ versions: z.array(nexdocsVersionSchema) });
export type NexdocsVersions = z.infer<typeof nexdocsVersionsSchema>;

/** POST /api/nexdocs/:id/versions/:revision/restore: the restore is itself a new revision. */
export const nexdocsRestoreSchema = z.strictObject({ baseRevision: z.number().int().min(1) });

export const NEXDOCS_EXPORT_FORMATS = ["md", "docx", "pdf"] as const;
export type NexdocsExportFormat = (typeof NEXDOCS_EXPORT_FORMATS)[number];

/** Images in a NexDocs document (uploaded or pasted): raster types only, by their magic bytes. */
export const NEXDOCS_IMAGE_LIMITS = {
  bytes: 4 * 1024 * 1024,
  perDocument: 50,
  types: ["image/png", "image/jpeg", "image/gif", "image/webp"],
} as const;
export const NEXDOCS_IMAGE_TOO_LARGE_MESSAGE = `An image can be at most ${NEXDOCS_IMAGE_LIMITS.bytes / 1024 / 1024} MB.`;
export const NEXDOCS_IMAGE_TYPE_MESSAGE =
  "Insert a PNG, JPEG, GIF or WebP image (SVG and other files are not accepted).";
export const NEXDOCS_IMAGE_COUNT_MESSAGE = `A document can hold at most ${NEXDOCS_IMAGE_LIMITS.perDocument} images.`;

/** POST /api/nexdocs/:id/images: the stored image's address inside the document. */
export const nexdocsImageSchema = z.object({ id: z.string(), src: z.string() });
export type NexdocsImage = z.infer<typeof nexdocsImageSchema>;

/**
 * POST /api/nexdocs/from-thread: a new document made from one of the caller's threads (each turn a
 * section) or, with `messageId`, from one answer of it; its citations become citation chips and
 * a Sources list ends it.
 */
export const nexdocsFromThreadSchema = z.strictObject({
  threadId: z.string().min(1).max(200),
  messageId: z.string().min(1).max(200).optional(),
});
export type NexdocsFromThread = z.infer<typeof nexdocsFromThreadSchema>;
