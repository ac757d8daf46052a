import { type Db, schema } from "@nexus/db";
import { and, eq } from "drizzle-orm";

const { fileChunks } = schema;

/** A passage of a file with its location (the chunk row without its index columns). */
export interface FilePassage {
  ordinal: number;
  page: number;
  charStart: number;
  charEnd: number;
  headingPath: string;
  content: string;
}

const PASSAGE = {
  ordinal: fileChunks.ordinal,
  page: fileChunks.page,
  charStart: fileChunks.charStart,
  charEnd: fileChunks.charEnd,
  headingPath: fileChunks.headingPath,
  content: fileChunks.content,
};

/** Every passage of a file, in reading order (the caller has checked whose file it is). */
export function filePassages(db: Db, fileId: string): Promise<FilePassage[]> {
  return db
    .select(PASSAGE)
    .from(fileChunks)
    .where(eq(fileChunks.fileId, fileId))
    .orderBy(fileChunks.ordinal);
}

/** One passage of a file, or null. */
export async function filePassage(
  db: Db,
  fileId: string,
  ordinal: number,
): Promise<FilePassage | null> {
  const [row] = await db
    .select(PASSAGE)
    .from(fileChunks)
    .where(and(eq(fileChunks.fileId, fileId), eq(fileChunks.ordinal, ordinal)));
  return row ?? null;
}

/**
 * The text of each page rebuilt from its passages: they hold [charStart, charEnd) of the page's
 * text, in order; a gap between two (whitespace the chunker left out) is filled with spaces, so
 * every offset stays the page's own.
 */
export function pageTexts(passages: readonly FilePassage[]): Map<number, string> {
  const pages = new Map<number, string>();
  for (const p of passages) {
    const text = pages.get(p.page) ?? "";
    const gap = Math.max(0, p.charStart - text.length);
    pages.set(
      p.page,
      text + " ".repeat(gap) + p.content.slice(Math.max(0, text.length - p.charStart)),
    );
  }
  return pages;
}
