import { z } from "zod";
import {
  FILE_ID_PATTERN,
  FILE_KINDS,
  FILE_NAME_MAX,
  FILE_PASSWORD_MAX,
  FILE_PASSWORD_REQUIRED_MESSAGE,
  FILE_SEARCH_MAX,
  FILE_STATUS_VALUES,
  MISSING_FILES_MAX,
} from "./file-constants.ts";

export const fileKindSchema = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof fileKindSchema>;

export const fileStatusSchema = z.enum(FILE_STATUS_VALUES);
export type FileStatus = z.infer<typeof fileStatusSchema>;

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

/**
 * POST /api/files: the file, and whether its bytes were already one of the person's files (that
 * file is returned, nothing new is added or counted).
 */
export const uploadedFileSchema = fileSchema.extend({ alreadyInFiles: z.boolean() });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

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

/** GET /api/files/missing?ids=a,b: comma-separated file ids (a thread's cited files). */
export const missingFilesQuerySchema = z.object({
  ids: z
    .string({ error: "Give the file ids to look up." })
    .transform((v) => [...new Set(v.split(",").filter((id) => id !== ""))])
    .pipe(
      z
        .array(z.string().regex(FILE_ID_PATTERN, "A file id is not valid."))
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

/**
 * Where a local search source links for a file's passage: the document viewer, opened at that
 * passage (never a download; downloading stays an explicit action on the Files page).
 */
export function fileCitationUrl(fileId: string, page: number, ordinal: number): string {
  return `/app/document-chat/${fileId}?chunk=${ordinal}&page=${page}`;
}

/** Where in its file a cited passage is, beyond its page: what the label can say. */
export interface FilePassagePlace {
  /** The file's kind (document-text DocumentKind: pdf, docx, xlsx, csv, pptx, epub…). */
  kind?: string;
  /** The passage's heading path ("Chapter 2 › Subchapter 2.1"); for a spreadsheet, its sheet first. */
  heading?: string;
  /** Spreadsheets: the first and last row the passage holds (1-based, among the sheet's filled rows). */
  rows?: readonly [number, number];
}

const SHEET_KINDS = new Set(["xlsx", "ods", "csv"]);
const SLIDE_KINDS = new Set(["pptx", "odp"]);
const SECTION_KINDS = new Set(["docx", "odt", "epub", "html", "markdown"]);

function rowsLabel(rows: readonly [number, number]): string {
  return rows[0] === rows[1] ? `row ${rows[0]}` : `rows ${rows[0]}–${rows[1]}`;
}

/**
 * Where a file's passage is, as a source names it: the page of a PDF ("report.pdf, p. 3"), the
 * sheet and rows of a spreadsheet ("sales.xlsx, Sheet Q1, rows 2–40"), the slide of a presentation
 * ("deck.pptx, slide 4"), the section heading of a Word, EPUB, HTML or Markdown document
 * ("notes.docx, Methods"; the name alone when it has none). Without a place: the page.
 */
export function fileCitationTitle(name: string, page: number, place?: FilePassagePlace): string {
  const kind = place?.kind ?? "";
  const headings = (place?.heading ?? "").split(" › ").filter((h) => h.trim() !== "");
  if (SHEET_KINDS.has(kind)) {
    const parts = [name];
    if (kind !== "csv") parts.push(`Sheet ${headings[0] ?? page}`);
    if (place?.rows) parts.push(rowsLabel(place.rows));
    return parts.join(", ");
  }
  if (SLIDE_KINDS.has(kind)) return `${name}, slide ${page}`;
  if (SECTION_KINDS.has(kind)) {
    const section = headings.at(-1);
    return section ? `${name}, ${section}` : name;
  }
  return `${name}, p. ${page}`;
}
