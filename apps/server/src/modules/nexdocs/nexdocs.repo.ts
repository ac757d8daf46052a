import { NEXDOCS_LIMITS, type NexdocsNode } from "@nexus/contracts";
import { type Db, schema } from "@nexus/db";
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";

const { nexdocsDocuments: documents, nexdocsRevisions: revisions } = schema;
export type NexdocsRow = typeof documents.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const LIST_LIMIT = 200;

export interface SummaryRow {
  id: string;
  title: string;
  head: string;
  revision: number;
  updatedAt: Date;
}

const summary = {
  id: documents.id,
  title: documents.title,
  head: sql<string>`left(${documents.markdown}, 600)`,
  revision: documents.revision,
  updatedAt: documents.updatedAt,
};

/** The owner's documents, newest change first; with `q`, those matching it, best first. */
export async function list(db: Db, userId: string, q: string | undefined): Promise<SummaryRow[]> {
  if (!q) {
    return db
      .select(summary)
      .from(documents)
      .where(eq(documents.userId, userId))
      .orderBy(desc(documents.updatedAt))
      .limit(LIST_LIMIT);
  }
  const query = sql`websearch_to_tsquery('simple', ${q})`;
  return db
    .select(summary)
    .from(documents)
    .where(and(eq(documents.userId, userId), sql`${documents.searchVector} @@ ${query}`))
    .orderBy(sql`ts_rank(${documents.searchVector}, ${query}) desc`, desc(documents.updatedAt))
    .limit(LIST_LIMIT);
}

/** The owner's document, or null (someone else's and a missing one alike). */
export async function find(db: Db | Tx, userId: string, id: string): Promise<NexdocsRow | null> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)));
  return row ?? null;
}

/** A document by its id alone: for a reader whose right to it the caller checked (a share). */
export async function findAny(db: Db, id: string): Promise<NexdocsRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row ?? null;
}

async function keepRevision(
  tx: Tx,
  row: { id: string; revision: number; title: string; content: NexdocsNode },
): Promise<void> {
  await tx.insert(revisions).values({
    documentId: row.id,
    revision: row.revision,
    title: row.title,
    content: row.content,
  });
  // Only the latest NEXDOCS_LIMITS.versions versions are kept.
  await tx
    .delete(revisions)
    .where(
      and(
        eq(revisions.documentId, row.id),
        lte(revisions.revision, row.revision - NEXDOCS_LIMITS.versions),
      ),
    );
}

export async function insert(
  db: Db,
  values: { userId: string; title: string; content: NexdocsNode; markdown: string },
): Promise<NexdocsRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documents)
      .values({ ...values, content: values.content })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await keepRevision(tx, { ...row, content: values.content });
    return row;
  });
}

export type SaveOutcome =
  | { kind: "saved"; row: NexdocsRow }
  | { kind: "stale"; current: NexdocsRow }
  | { kind: "missing" };

/**
 * Saves a new body if the document is still at `baseRevision`: one conditional UPDATE (a parallel
 * save that committed first makes this one match no row), and the new revision kept as a version,
 * in one transaction. A stale base changes nothing and returns the document as it now is.
 */
export async function save(
  db: Db,
  options: {
    userId: string;
    id: string;
    baseRevision: number;
    title: string;
    content: NexdocsNode;
    markdown: string;
  },
): Promise<SaveOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(documents)
      .set({
        title: options.title,
        content: options.content,
        markdown: options.markdown,
        revision: sql`${documents.revision} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(documents.id, options.id),
          eq(documents.userId, options.userId),
          eq(documents.revision, options.baseRevision),
        ),
      )
      .returning();
    if (row) {
      await keepRevision(tx, { ...row, content: options.content });
      return { kind: "saved", row };
    }
    const current = await find(tx, options.userId, options.id);
    return current ? { kind: "stale", current } : { kind: "missing" };
  });
}

export async function remove(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning({ id: documents.id });
  return gone.length > 0;
}

/** A document's kept versions, newest first (the caller has checked it is the owner's). */
export async function versions(db: Db, documentId: string) {
  return db
    .select({
      revision: revisions.revision,
      title: revisions.title,
      createdAt: revisions.createdAt,
    })
    .from(revisions)
    .where(eq(revisions.documentId, documentId))
    .orderBy(desc(revisions.revision));
}

export async function version(db: Db, documentId: string, revision: number) {
  const [row] = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.documentId, documentId), eq(revisions.revision, revision)));
  return row ?? null;
}

/** The titles of the owner's documents among `ids` (the side chat's threads name them). */
export async function titles(db: Db, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: documents.id, title: documents.title })
    .from(documents)
    .where(and(eq(documents.userId, userId), inArray(documents.id, [...ids])));
}
