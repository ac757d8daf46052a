import { randomBytes } from "node:crypto";
import { type Db, schema } from "@nexus/db";
import { eq } from "drizzle-orm";

const { serverSecrets } = schema;

/** The name of the image proxy's signing key in server_secrets. */
export const IMAGE_KEY_NAME = "image_proxy_hmac";

/**
 * The image proxy's signing key: created once (a random 32 bytes; the first instance to start
 * wins, every other one reads the same row), so every instance and every restart signs alike.
 */
export async function loadImageKey(db: Db): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: IMAGE_KEY_NAME, value: randomBytes(32) })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, IMAGE_KEY_NAME))
    .limit(1);
  if (!row || row.value.length < 32) throw new Error("the image proxy key could not be read");
  return row.value;
}
