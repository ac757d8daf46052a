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
 * The text of each page rebuilt from its passages: each passage's content is put at its charStart
 * (so a citation's range, charStart + an offset in the content, reads the cited words); a gap
 * between two passages (whitespace the chunker left out) is filled with spaces.
 */
export function pageTexts(passages: readonly FilePassage[]): Map<number, string> {
  const pages = new Map<number, string>();
  for (const p of passages) {
    const text = (pages.get(p.page) ?? "").padEnd(p.charStart, " ");
    pages.set(
      p.page,
      text.slice(0, p.charStart) + p.content + text.slice(p.charStart + p.content.length),
    );
  }
  return pages;
}
