import { z } from "zod";

/** Default and largest upload (MB) when FILE_MAX_MB is not set. */
export const FILE_MAX_MB_DEFAULT = 50;
export const FILE_NAME_MAX = 255;
/** Longest search text accepted by the files search. */
export const FILE_SEARCH_MAX = 200;

export const FILE_KINDS = [
  "pdf",
  "docx",
  "pptx",
  "xlsx",
  "odt",
  "odp",
  "ods",
  "epub",
  "html",
  "markdown",
  "text",
  "csv",
] as const;
export const fileKindSchema = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof fileKindSchema>;

export const FILE_STATUS_VALUES = ["queued", "parsing", "indexing", "ready", "failed"] as const;
export const fileStatusSchema = z.enum(FILE_STATUS_VALUES);
export type FileStatus = z.infer<typeof fileStatusSchema>;

/** What the person sees for a file whose format we do not read (415). */
export const UNSUPPORTED_FILE_MESSAGE =
  "This file type is not supported. Add a PDF, Word, PowerPoint, Excel, OpenDocument, EPUB, HTML, Markdown, text or CSV file.";

export const fileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: fileKindSchema,
  size: z.number().int(),
  status: fileStatusSchema,
  error: z.string().nullable(),
  pages: z.number().int().nullable(),
  warnings: z.array(z.string()),
  /**
   * A PDF that failed because it is password-protected (or the password given was wrong):
   * POST /api/files/:id/password reads it again with the password.
   */
  needsPassword: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileItem = z.infer<typeof fileSchema>;

/** A passage of a file that matched a content search. */
export const fileMatchSchema = z.object({
  page: z.number().int(),
  snippet: z.string(),
});

export const fileListItemSchema = fileSchema.extend({
  /** With ?q=: the best matching passage of the file's content, when its content matched. */
  match: fileMatchSchema.nullable(),
});
export type FileListItem = z.infer<typeof fileListItemSchema>;

/** GET /api/files?q=: the person's files, newest first; q searches names and content. */
export const fileListQuerySchema = z.object({
  q: z.string().trim().max(FILE_SEARCH_MAX).optional(),
});

export const fileListSchema = z.object({
  files: z.array(fileListItemSchema),
  /** Bytes of every stored file of the person. */
  storageUsed: z.number().int(),
  addFiles: z.object({ current: z.number().int(), limit: z.number().int() }),
  /** The largest upload the server accepts, in bytes. */
  maxBytes: z.number().int(),
});
export type FileList = z.infer<typeof fileListSchema>;

/** True when the text holds a C0 control character or DEL (never part of a file name). */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** PATCH /api/files/:id. */
export const renameFileRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the file a name.")
    .max(FILE_NAME_MAX, `A file name has at most ${FILE_NAME_MAX} characters.`)
    .refine(
      (v) => !/[/\\]/.test(v) && !hasControlCharacters(v),
      "A file name cannot hold / or \\.",
    ),
});
export type RenameFileRequest = z.infer<typeof renameFileRequestSchema>;

/** Longest PDF password accepted (PDF passwords are at most 127 bytes; room for other forms). */
export const FILE_PASSWORD_MAX = 1024;
export const FILE_PASSWORD_REQUIRED_MESSAGE = "Enter the PDF's password.";

/**
 * POST /api/files/:id/password: read a password-protected PDF again with its password. The
 * password is taken as typed (never trimmed): spaces may be part of it.
 */
export const filePasswordRequestSchema = z.object({
  password: z
    .string({ error: FILE_PASSWORD_REQUIRED_MESSAGE })
    .min(1, FILE_PASSWORD_REQUIRED_MESSAGE)
    .max(FILE_PASSWORD_MAX, `A password has at most ${FILE_PASSWORD_MAX} characters.`),
});
export type FilePasswordRequest = z.infer<typeof filePasswordRequestSchema>;

/** Most file ids asked about in one GET /api/files/missing. */
export const MISSING_FILES_MAX = 50;
const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/files/missing?ids=a,b: comma-separated file ids (a thread's cited files). */
export const missingFilesQuerySchema = z.object({
  ids: z
    .string({ error: "Give the file ids to look up." })
    .transform((v) => [...new Set(v.split(",").filter((id) => id !== ""))])
    .pipe(
      z
        .array(z.string().regex(FILE_ID, "A file id is not valid."))
        .min(1, "Give the file ids to look up.")
        .max(MISSING_FILES_MAX, `Ask about at most ${MISSING_FILES_MAX} files at once.`),
    ),
});

/**
 * Which of the asked ids are not (or no longer) files of the caller: deleted, or never theirs
 * (the two are not told apart, as every files route answers a foreign id like a missing one).
 */
export const missingFilesSchema = z.object({ missing: z.array(z.string()) });
export type MissingFiles = z.infer<typeof missingFilesSchema>;

/** A cited file's download link ("/api/files/<id>/download#page=3"): the file's id, else null. */
export function citedFileId(url: string): string | null {
  const match = /^\/api\/files\/([0-9a-f-]{36})\/download(?:[#?].*)?$/i.exec(url);
  return match?.[1] && FILE_ID.test(match[1]) ? match[1].toLowerCase() : null;
}

/** One progress event of an ingestion run (GET /api/files/:id/events, SSE `data:`). */
export const fileEventSchema = z.object({
  seq: z.number().int(),
  /** "embedding": passages embedded for search by meaning (EMBEDDING_MODEL set). */
  type: z.enum(["uploaded", "parsing", "ocr", "indexing", "embedding", "ready", "failed"]),
  /** What the page shows, e.g. "OCR page 3 of 12". */
  message: z.string(),
  page: z.number().int().optional(),
  pages: z.number().int().optional(),
  at: z.string(),
});
export type FileEvent = z.infer<typeof fileEventSchema>;

/** Where a local search source links for a file's page: its download, opened at that page. */
export function fileCitationUrl(fileId: string, page: number): string {
  return `/api/files/${fileId}/download#page=${page}`;
}

/** Where a file's passage is, as a local search source names it: "report.pdf, p. 3". */
export function fileCitationTitle(name: string, page: number): string {
  return `${name}, p. ${page}`;
}
