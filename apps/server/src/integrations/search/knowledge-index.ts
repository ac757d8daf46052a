import { createHash } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { type Db, schema } from "@nexus/db";
import { inArray, sql } from "drizzle-orm";
import { CHUNKER_VERSION, parseKnowledgeDocument } from "./knowledge-chunker.ts";

const { knowledgeChunks, knowledgeDocuments } = schema;

/**
 * The repository's content/ folder (blog posts in content/blog, the FAQ in content/faq.md): one
 * source for the public pages, the RSS feed and local search. Resolved through the package so it
 * also holds when the server is bundled into apps/server/dist.
 */
export const CONTENT_DIR = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve("@nexus/server/package.json")),
  "../../content",
);
/** The knowledge base indexes every markdown file under content/. */
export const KNOWLEDGE_DIR = CONTENT_DIR;

/** The markdown files under `dir`, as sorted '/'-separated relative paths ("blog/x.md", "faq.md"). */
export function knowledgeFilesIn(dir: string): string[] {
  return fsSync
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((entry) => entry.split(path.sep).join("/"))
    .filter((entry) => entry.endsWith(".md"))
    .sort();
}

/** Serialises indexing when several instances start against one database. */
const KNOWLEDGE_LOCK_KEY = 7_294_118_834;
/** Rows per INSERT, well under PostgreSQL's 65,535 bind parameters. */
const INSERT_BATCH = 1_000;

export interface KnowledgeIndexReport {
  /** Documents in the directory. */
  documents: number;
  /** Documents (re)indexed because they are new or changed. */
  updated: number;
  /** Documents removed because their file is gone. */
  removed: number;
  /** Passages written. */
  chunks: number;
  ms: number;
}

interface SourceFile {
  path: string;
  slug: string;
  markdown: string;
  hash: string;
}

async function readKnowledgeFiles(dir: string): Promise<SourceFile[]> {
  const entries = await fs.readdir(dir, { recursive: true });
  const files = entries
    .map((entry) => entry.split(path.sep).join("/"))
    .filter((entry) => entry.endsWith(".md"))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const markdown = await fs.readFile(path.join(dir, file), "utf8");
      return {
        path: file,
        // content/blog/<slug>.md is the article /blog/<slug>; the folder is not part of it.
        slug: path.posix.basename(file, ".md"),
        markdown,
        hash: createHash("sha256").update(`${CHUNKER_VERSION}\0${markdown}`).digest("base64url"),
      };
    }),
  );
}

/**
 * Indexes the markdown files of `dir` into knowledge_documents / knowledge_chunks, in one
 * transaction. Idempotent: unchanged files (same content hash) are skipped, changed ones are
 * re-chunked, deleted ones removed; a second run over the same files writes nothing.
 */
export async function indexKnowledgeBase(options: {
  db: Db;
  dir?: string;
}): Promise<KnowledgeIndexReport> {
  const started = performance.now();
  const files = await readKnowledgeFiles(options.dir ?? KNOWLEDGE_DIR);
  const counts = await options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KNOWLEDGE_LOCK_KEY})`);
    const stored = await tx
      .select({ path: knowledgeDocuments.path, contentHash: knowledgeDocuments.contentHash })
      .from(knowledgeDocuments);
    const storedHash = new Map(stored.map((row) => [row.path, row.contentHash]));
    const present = new Set(files.map((file) => file.path));
    const removed = stored.map((row) => row.path).filter((p) => !present.has(p));
    const changed = files.filter((file) => storedHash.get(file.path) !== file.hash);
    if (removed.length > 0)
      await tx.delete(knowledgeDocuments).where(inArray(knowledgeDocuments.path, removed));
    if (changed.length === 0) return { updated: 0, removed: removed.length, chunks: 0 };

    const now = new Date();
    const parsed = changed.map((file) => ({
      file,
      doc: parseKnowledgeDocument({ slug: file.slug, markdown: file.markdown }),
    }));
    await tx.delete(knowledgeChunks).where(
      inArray(
        knowledgeChunks.path,
        changed.map((file) => file.path),
      ),
    );
    await tx
      .insert(knowledgeDocuments)
      .values(
        parsed.map(({ file, doc }) => ({
          path: file.path,
          title: doc.title,
          summary: doc.summary,
          tags: doc.tags,
          url: doc.url,
          contentHash: file.hash,
          indexedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: knowledgeDocuments.path,
        set: {
          title: sql`excluded.title`,
          summary: sql`excluded.summary`,
          tags: sql`excluded.tags`,
          url: sql`excluded.url`,
          contentHash: sql`excluded.content_hash`,
          indexedAt: sql`excluded.indexed_at`,
        },
      });
    const chunks = parsed.flatMap(({ file, doc }) =>
      doc.passages.map((passage) => ({
        id: `${file.path}#${passage.ordinal}`,
        path: file.path,
        ordinal: passage.ordinal,
        title: doc.title,
        heading: passage.heading,
        url: passage.url,
        content: passage.content,
      })),
    );
    for (let i = 0; i < chunks.length; i += INSERT_BATCH)
      await tx.insert(knowledgeChunks).values(chunks.slice(i, i + INSERT_BATCH));
    return { updated: changed.length, removed: removed.length, chunks: chunks.length };
  });
  return {
    documents: files.length,
    ...counts,
    ms: Math.round((performance.now() - started) * 10) / 10,
  };
}
