import { schema } from "@nexus/db";
import { FAKE_PNG } from "../../../e2e/fakes/openai-server.ts";
import { imageTypeOf } from "../src/lib/image-type.ts";
import { saveGeneratedImage } from "../src/modules/files/files.service.ts";
import { insertResearch } from "../src/modules/research/research.repo.ts";
import { initialState } from "../src/modules/research/research.state.ts";
import { createRun, saveCheckpoint } from "../src/modules/runs/runs.service.ts";
import { fixture } from "./documents/fixtures.ts";
import { untilDone, upload } from "./files-kit.ts";
import type { Harness } from "./harness.ts";

/** The custom agent the matrix seeds and posts. */
export const CUSTOM_AGENT = {
  name: "Matrix agent",
  emoji: "🤖",
  color: "indigo",
  instructions: "Answer briefly.",
};

/**
 * What the authorization matrix's rows seed for their owner (authz-matrix.test.ts): each returns
 * the path ids that replace the shared ones.
 */
export function matrixSeeds(
  harness: () => Harness,
  maps: {
    ownerCookies: Map<string, string>;
    /** The owner's ready file that the document rows' :documentId names. */
    ownerDocuments?: Map<string, string>;
  },
) {
  const { ownerCookies } = maps;
  const h = new Proxy({} as Harness, { get: (_, key) => harness()[key as keyof Harness] });
  let seeded = 0;
  /** A new answered entry (in a new thread) of the owner, for a row that deletes or changes one. */
  async function seedHistoryEntry(ownerId: string): Promise<Record<string, string>> {
    seeded += 1;
    const id = `matrix-history-${seeded}`;
    await h.db.db.insert(schema.searchHistory).values({
      id,
      userId: ownerId,
      threadId: id,
      query: "What is Nexus?",
      results: { markdown: "Nexus answers questions." },
    });
    return { ":entryId": id, ":threadId": id };
  }
  /** A run of the owner (ended: its event stream ends at once; queued: it can be cancelled). */
  function seedRun(status: "succeeded" | "queued") {
    return async (ownerId: string): Promise<Record<string, string>> => {
      const run = await createRun(h.deps.db, {
        userId: ownerId,
        kind: "matrix",
        subjectId: "matrix",
        status,
      });
      return { ":runId": run.id };
    };
  }
  /** A custom agent of the owner (for the rows that delete or share one). */
  async function seedCustomAgent(ownerId: string): Promise<Record<string, string>> {
    const [row] = await h.db.db
      .insert(schema.customAgents)
      .values({
        ownerId,
        ...CUSTOM_AGENT,
        shareToken: `matrixshare${String(++seeded).padStart(11, "0")}`,
      })
      .returning();
    if (!row) throw new Error("no custom agent");
    return { ":id": row.id, ":token": row.shareToken ?? "" };
  }
  /** A ready file of the owner, for the row that deletes one. */
  async function seedFile(ownerId: string): Promise<Record<string, string>> {
    const cookie = ownerCookies.get(ownerId) ?? "";
    const res = await upload(h, cookie, "seeded.txt", "A file to delete.");
    const { id } = (await res.json()) as { id: string };
    await untilDone(h, cookie, id);
    return { ":fileId": id };
  }
  /** A generated image of the owner (the /view route shows images only). */
  async function seedImage(ownerId: string): Promise<Record<string, string>> {
    const type = imageTypeOf(FAKE_PNG);
    if (!type) throw new Error("FAKE_PNG is not a PNG");
    const image = await saveGeneratedImage(
      h.deps,
      { id: ownerId },
      {
        bytes: FAKE_PNG,
        type,
        prompt: "matrix fox",
      },
    );
    return { ":fileId": image.fileId };
  }
  /** A password-protected PDF of the owner that failed asking for its password. */
  async function seedEncryptedFile(ownerId: string): Promise<Record<string, string>> {
    const cookie = ownerCookies.get(ownerId) ?? "";
    const res = await upload(h, cookie, "locked.pdf", fixture("issue6010_1.pdf"));
    const { id } = (await res.json()) as { id: string };
    await untilDone(h, cookie, id);
    return { ":fileId": id };
  }
  /** A research of the owner whose run has not started (it can be finished or deleted). */
  function seedResearch(ownerId: string): Promise<Record<string, string>> {
    return seedResearchRun(ownerId, "queued");
  }
  /** A cancelled research of the owner, before its first step (it can be resumed). */
  function seedCancelledResearch(ownerId: string): Promise<Record<string, string>> {
    return seedResearchRun(ownerId, "cancelled");
  }
  async function seedResearchRun(
    ownerId: string,
    status: "queued" | "cancelled",
  ): Promise<Record<string, string>> {
    seeded += 1;
    const threadId = `MatrixResearch${String(seeded).padStart(6, "0")}`;
    const run = await createRun(h.deps.db, {
      userId: ownerId,
      kind: "research",
      subjectId: threadId,
      status,
    });
    const state = initialState({
      question: "What is Nexus?",
      depth: "quick",
      sources: "both",
      offline: true,
      subQuestions: ["What is Nexus?"],
      startedAt: Date.now(),
    });
    await saveCheckpoint(h.deps, run.id, { research: state });
    await insertResearch(h.deps.db, {
      threadId,
      userId: ownerId,
      runId: run.id,
      question: "What is Nexus?",
      depth: "quick",
      sources: "both",
    });
    return { ":threadId": threadId };
  }
  /** A NexDocs document of the owner at revision 1, with that revision kept as a version. */
  async function seedNexdoc(ownerId: string): Promise<Record<string, string>> {
    const content = { type: "doc", content: [{ type: "paragraph" }] };
    const [doc] = await h.db.db
      .insert(schema.nexdocsDocuments)
      .values({ userId: ownerId, title: "Matrix document", content })
      .returning();
    const id = doc?.id ?? "";
    await h.db.db.insert(schema.nexdocsRevisions).values({ documentId: id, revision: 1, content });
    return { ":id": id, ":revision": "1" };
  }
  /** A document of the owner with one image (a 1×1 PNG); `share`: and a live link to it. */
  function seedNexdocImage(share: boolean) {
    return async (ownerId: string): Promise<Record<string, string>> => {
      const ids = await seedNexdoc(ownerId);
      const documentId = ids[":id"] ?? "";
      const [image] = await h.db.db
        .insert(schema.nexdocsImages)
        .values({
          userId: ownerId,
          documentId,
          contentType: "image/png",
          size: TINY_PNG.length,
          bytes: TINY_PNG,
        })
        .returning();
      const out = { ...ids, ":imageId": image?.id ?? "" };
      if (!share) return out;
      seeded += 1;
      const shareId = `d${String(seeded).padStart(22, "M")}`;
      await h.db.db
        .insert(schema.nexdocsShares)
        .values({ id: shareId, userId: ownerId, documentId });
      return { ...out, ":shareId": shareId };
    };
  }
  /**
   * A file of the owner's, not yet in any chat (:fileId), and, with `inChat`, added to the chat
   * "MatrixCollection" about their matrix file (:threadId), the document of the document rows.
   */
  async function seedCollectionFile(ownerId: string, inChat: boolean) {
    const cookie = ownerCookies.get(ownerId) ?? "";
    seeded += 1;
    // A ready file row (its text is not read here): no upload, no ingestion to wait for.
    const [file] = await h.db.db
      .insert(schema.files)
      .values({
        userId: ownerId,
        name: `collection-${seeded}.txt`,
        kind: "txt",
        size: 1,
        storageKey: `matrix-collection-${seeded}-${ownerId}`,
        status: "ready",
        runId: ownerId,
      })
      .returning({ id: schema.files.id });
    const id = file?.id ?? "";
    const ids = { ":fileId": id, ":threadId": "MatrixCollection" };
    if (!inChat) return ids;
    const document = maps.ownerDocuments?.get(ownerId) ?? "";
    const added = await h.request(`/api/documents/${document}/threads/MatrixCollection/files`, {
      method: "POST",
      cookie,
      body: { fileIds: [id] },
    });
    if (added.status !== 200) throw new Error(`adding to the collection: ${added.status}`);
    return ids;
  }
  return {
    seedNexdocImage,
    seedCollectionFile,
    seedNexdoc,
    seedHistoryEntry,
    seedRun,
    seedCustomAgent,
    seedFile,
    seedImage,
    seedEncryptedFile,
    seedResearch,
    seedCancelledResearch,
  };
}

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==",
  "base64",
);
