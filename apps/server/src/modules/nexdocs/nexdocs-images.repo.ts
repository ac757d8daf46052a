import { type Db, schema } from "@nexus/db";
import { and, count, eq, inArray } from "drizzle-orm";

const { nexdocsImages: images } = schema;

/** Stores an image of a document (the caller checked the document is the user's). */
export async function insertImage(
  db: Db,
  values: { userId: string; documentId: string; contentType: string; bytes: Buffer },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(images)
    .values({ ...values, size: values.bytes.length })
    .returning({ id: images.id });
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function countImages(db: Db, documentId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(images)
    .where(eq(images.documentId, documentId));
  return row?.n ?? 0;
}

/** One image of one document (both ids must match), with its bytes. */
export async function findImage(
  db: Db,
  options: { documentId: string; imageId: string },
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: images.contentType, bytes: images.bytes })
    .from(images)
    .where(and(eq(images.id, options.imageId), eq(images.documentId, options.documentId)))
    .limit(1);
  return row;
}

/** The sizes and types of a document's images among `ids` (the owner's rows only, no bytes). */
export async function imageSizes(
  db: Db,
  options: { userId: string; documentId: string; ids: readonly string[] },
): Promise<{ id: string; contentType: string; size: number }[]> {
  if (options.ids.length === 0) return [];
  return db
    .select({ id: images.id, contentType: images.contentType, size: images.size })
    .from(images)
    .where(
      and(
        eq(images.userId, options.userId),
        eq(images.documentId, options.documentId),
        inArray(images.id, [...options.ids]),
      ),
    );
}

/** The bytes of a document's images among `ids` (the owner's rows only). */
export async function imageBytes(
  db: Db,
  options: { userId: string; documentId: string; ids: readonly string[] },
): Promise<{ id: string; bytes: Buffer }[]> {
  if (options.ids.length === 0) return [];
  return db
    .select({ id: images.id, bytes: images.bytes })
    .from(images)
    .where(
      and(
        eq(images.userId, options.userId),
        eq(images.documentId, options.documentId),
        inArray(images.id, [...options.ids]),
      ),
    );
}
