import { z } from "zod";
import { chatKindSchema } from "./kinds.ts";

/**
 * Exports (issue 42 scope 5): one thread of any kind as Markdown, PDF or Word
 * (GET /api/threads/:threadId/export?format=md|pdf|docx), and a whole history as a ZIP of Markdown
 * files with an index (GET /api/history/export.zip).
 */
export const EXPORT_FORMATS = ["md", "pdf", "docx"] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS, {
  error: "format must be md, pdf or docx.",
});
export type ExportFormat = z.infer<typeof exportFormatSchema>;

export const exportQuerySchema = z.object({ format: exportFormatSchema });

/** What the export menu calls each format, in its order. */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  md: "Markdown",
  pdf: "PDF",
  docx: "Word",
};

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  md: "text/markdown; charset=utf-8",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/**
 * The export menu's words (the words an export writes in its file, in each language:
 * export-words.ts).
 */
export const EXPORT_LABELS = {
  /** A message of the export menu and toasts. */
  menu: "Export",
  exportAll: "Export all",
  /** Settings: everything kept of the account, as one ZIP (GET /api/account/export.zip). */
  accountData: "Download all my data",
  failed: "The export failed.",
} as const;

/** One thread of a history ZIP's index.json. */
export const historyExportEntrySchema = z.object({
  id: z.string(),
  kind: chatKindSchema,
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  file: z.string(),
});
export type HistoryExportEntry = z.infer<typeof historyExportEntrySchema>;

const FILE_STEM_MAX = 80;

/**
 * A file name from a title, safe on every file system and in a Content-Disposition header:
 * letters and digits of any script, '-' for runs of anything else (so no path separators, control
 * characters or quotes), at most 80 characters; "thread" when nothing is left.
 */
export function exportFileStem(title: string): string {
  const stem = title
    .normalize("NFKC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, FILE_STEM_MAX)
    .replace(/-+$/g, "");
  return stem || "thread";
}
