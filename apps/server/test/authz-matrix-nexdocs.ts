import { schema } from "@nexus/db";
import { ownerOnly, signedIn } from "./authz-matrix-kit.ts";
import type { Harness } from "./harness.ts";

/**
 * G2 rows for /api/nexdocs (issue 40): list, create and import for anyone signed in; a document
 * for its owner only (another person and a made-up id: the same 404). The matrix's server has no
 * model: an AI edit gets past authorization to "needs a language model" (409) for the owner only.
 */

export function nexdocsMatrixRows(harness: () => Harness) {
  /** A NexDocs document of the owner at revision 1, with that revision kept as a version. */
  async function seedNexdoc(ownerId: string): Promise<Record<string, string>> {
    const h = harness();
    const content = { type: "doc", content: [{ type: "paragraph" }] };
    const [doc] = await h.db.db
      .insert(schema.nexdocsDocuments)
      .values({ userId: ownerId, title: "Matrix document", content })
      .returning();
    const id = doc?.id ?? "";
    await h.db.db.insert(schema.nexdocsRevisions).values({ documentId: id, revision: 1, content });
    return { ":id": id, ":revision": "1" };
  }
  return {
    "GET /api/nexdocs": { expect: signedIn(200) },
    "POST /api/nexdocs": { body: { title: "Matrix" }, expect: signedIn(201) },
    "POST /api/nexdocs/import": { body: "# Imported", expect: signedIn(201) },
    "GET /api/nexdocs/:id": { expect: ownerOnly(200), seed: seedNexdoc },
    "PATCH /api/nexdocs/:id": {
      body: {
        baseRevision: 1,
        title: "Matrix",
        content: { type: "doc", content: [{ type: "paragraph" }] },
      },
      expect: ownerOnly(200),
      seed: seedNexdoc,
    },
    "DELETE /api/nexdocs/:id": { expect: ownerOnly(204), seed: seedNexdoc },
    "GET /api/nexdocs/:id/versions": { expect: ownerOnly(200), seed: seedNexdoc },
    "POST /api/nexdocs/:id/versions/:revision/restore": {
      body: { baseRevision: 1 },
      expect: ownerOnly(200),
      seed: seedNexdoc,
    },
    "GET /api/nexdocs/:id/export": {
      query: "?format=md",
      expect: ownerOnly(200),
      seed: seedNexdoc,
    },
    "POST /api/nexdocs/:id/chat": {
      body: { text: "What does the document say?" },
      expect: ownerOnly(200),
      seed: seedNexdoc,
    },
    "POST /api/nexdocs/:id/ai": {
      body: { action: "improve", selection: "Matrix words." },
      expect: ownerOnly(409),
      seed: seedNexdoc,
    },
  };
}
