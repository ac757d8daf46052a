import { insertExtraction, insertRows } from "../src/modules/extraction/extraction.repo.ts";
import { FIELDS } from "../src/modules/extraction/extraction-test-kit.ts";
import { createRun } from "../src/modules/runs/runs.service.ts";
import { ownerOnly, signedIn } from "./authz-matrix-kit.ts";
import type { Harness } from "./harness.ts";

/**
 * G2 rows for /api/extractions (issue 39). The matrix's server has no model: starting, proposing,
 * re-running and adding a field get past authorization to "needs a language model" (409) for
 * anyone signed in; one extraction is its owner's only (another person and a made-up id: the same 404).
 */

export function extractionMatrixRows(harness: () => Harness) {
  let seeded = 0;
  /** An extraction of the owner with a queued run and one row (id, row 0, field "title"). */
  async function seedExtraction(ownerId: string): Promise<Record<string, string>> {
    const h = harness();
    seeded += 1;
    const id = `MatrixExtraction${String(seeded).padStart(6, "0")}`;
    const run = await createRun(h.deps.db, {
      userId: ownerId,
      kind: "extraction",
      subjectId: id,
    });
    await insertExtraction(h.deps.db, {
      id,
      userId: ownerId,
      title: "Matrix",
      fields: FIELDS,
      sources: [{ kind: "url", url: "https://example.com/", label: "https://example.com/" }],
      runId: run.id,
    });
    await insertRows(h.deps.db, id, 1, "per_source");
    return { ":id": id, ":row": "0", ":key": "title" };
  }
  const start = {
    fields: FIELDS,
    sources: [{ kind: "url", url: "https://example.com/" }],
  };
  return {
    "POST /api/extractions/propose": {
      body: { description: "For each paper: title and year" },
      expect: signedIn(409),
    },
    "POST /api/extractions": { body: start, expect: signedIn(409) },
    "GET /api/extractions": { expect: signedIn(200) },
    "GET /api/extractions/:id": { expect: ownerOnly(200), seed: seedExtraction },
    "POST /api/extractions/:id/cancel": { expect: ownerOnly(202), seed: seedExtraction },
    "PATCH /api/extractions/:id/rows/:row/cells/:key": {
      body: { value: "A corrected title" },
      expect: ownerOnly(200),
      seed: seedExtraction,
    },
    "POST /api/extractions/:id/rerun": {
      body: { field: "title" },
      expect: ownerOnly(409),
      seed: seedExtraction,
    },
    "POST /api/extractions/:id/fields": {
      body: { field: { key: "year", name: "Year", type: "number" } },
      expect: ownerOnly(409),
      seed: seedExtraction,
    },
    "GET /api/extractions/:id/export": {
      query: "?format=csv",
      expect: ownerOnly(200),
      seed: seedExtraction,
    },
    "DELETE /api/extractions/:id": { expect: ownerOnly(204), seed: seedExtraction },
  };
}
