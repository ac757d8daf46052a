import { type Db, schema } from "@nexus/db";
import { and, desc, eq, isNull, sql } from "drizzle-orm";

const { nexdocsShares, nexdocsDocuments } = schema;

/**
 * The shares module's NexDocs links (issue 40): one live link per document, read live (the
 * document as it is now). The document itself is the nexdocs module's: read here for a link's
 * title only (as the answer links read their history entry's kind), never written.
 */

export interface NexdocsLink {
  id: string;
  documentId: string;
  title: string;
  timestamp: Date;
  created: boolean;
}

/** Inserts a document's link, or returns its live one (one live link per document). */
export async function insertNexdocsShare(
  db: Db,
  values: { id: string; userId: string; documentId: string; timestamp: Date },
): Promise<Omit<NexdocsLink, "title">> {
  const [row] = await db
    .insert(nexdocsShares)
    .values(values)
    .onConflictDoUpdate({
      target: nexdocsShares.documentId,
      targetWhere: isNull(nexdocsShares.revokedAt),
      set: { documentId: sql`excluded.document_id` },
    })
    .returning({
      id: nexdocsShares.id,
      documentId: nexdocsShares.documentId,
      timestamp: nexdocsShares.timestamp,
      created: sql<boolean>`xmax = 0`,
    });
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** A live link by its id: the document it shares and when it was made. */
export async function liveNexdocsShare(
  db: Db,
  id: string,
): Promise<{ id: string; documentId: string; timestamp: Date } | undefined> {
  const [row] = await db
    .select({
      id: nexdocsShares.id,
      documentId: nexdocsShares.documentId,
      timestamp: nexdocsShares.timestamp,
    })
    .from(nexdocsShares)
    .where(and(eq(nexdocsShares.id, id), isNull(nexdocsShares.revokedAt)))
    .limit(1);
  return row;
}

/** Title and the head of the body of a live link's document, for the share page's meta tags. */
export async function liveNexdocsMeta(
  db: Db,
  id: string,
): Promise<{ title: string; description: string } | undefined> {
  const [row] = await db
    .select({
      title: nexdocsDocuments.title,
      description: sql<string>`left(${nexdocsDocuments.markdown}, 300)`,
    })
    .from(nexdocsShares)
    .innerJoin(nexdocsDocuments, eq(nexdocsDocuments.id, nexdocsShares.documentId))
    .where(and(eq(nexdocsShares.id, id), isNull(nexdocsShares.revokedAt)))
    .limit(1);
  return row;
}

/** The user's live document links, newest first, with each document's title. */
export async function listLiveNexdocs(db: Db, userId: string): Promise<NexdocsLink[]> {
  const rows = await db
    .select({
      id: nexdocsShares.id,
      documentId: nexdocsShares.documentId,
      title: nexdocsDocuments.title,
      timestamp: nexdocsShares.timestamp,
    })
    .from(nexdocsShares)
    .innerJoin(nexdocsDocuments, eq(nexdocsDocuments.id, nexdocsShares.documentId))
    .where(and(eq(nexdocsShares.userId, userId), isNull(nexdocsShares.revokedAt)))
    .orderBy(desc(nexdocsShares.timestamp));
  return rows.map((r) => ({ ...r, created: false }));
}

/** Revokes one of the user's live document links; false when there is none. */
export async function revokeNexdocs(
  db: Db,
  options: { userId: string; id: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(nexdocsShares)
    .set({ revokedAt: options.now })
    .where(
      and(
        eq(nexdocsShares.id, options.id),
        eq(nexdocsShares.userId, options.userId),
        isNull(nexdocsShares.revokedAt),
      ),
    )
    .returning({ id: nexdocsShares.id });
  return rows.length > 0;
}
