import { schema } from "@nexus/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentMatrixRows } from "./authz-matrix-agents.ts";
import { extractionMatrixRows } from "./authz-matrix-extraction.ts";
import { type Actor, all, ownerOnly, type Row } from "./authz-matrix-kit.ts";
import { nexdocsMatrixRows } from "./authz-matrix-nexdocs.ts";
import { matrixSeeds } from "./authz-matrix-seeds.ts";
import { fileForm, untilDone, upload } from "./files-kit.ts";
import { createHarness, type Harness } from "./harness.ts";

/**
 * Gate G2 for the foundation's routes: every route × actor has an expected status, a route missing
 * from this matrix fails the test, and foreign ids answer exactly like missing ones.
 */
const ownerCookies = new Map<string, string>();
const ownerCustomAgents = new Map<string, string>();
const ownerDocuments = new Map<string, string>();
const {
  seedHistoryEntry,
  seedRun,
  seedCustomAgent,
  seedFile,
  seedImage,
  seedEncryptedFile,
  seedResearch,
  seedCancelledResearch,
  seedNexdoc,
  seedNexdocImage,
  seedCollectionFile,
} = matrixSeeds(() => h, { ownerCookies, ownerDocuments });
const IMPORT_BODY = {
  threadId: "MatrixImport0001",
  focusMode: "web",
  turns: [{ query: "What is Nexus?", markdown: "An answer engine.", sources: [] }],
};

const MATRIX: Record<string, Row> = {
  "GET /api/health": { expect: all(200) },
  "GET /api/ready": { expect: all(200) },
  "GET /api/me": { expect: all(200) },
  "POST /api/auth/email-link": { body: { email: "matrix-request@acme.com" }, expect: all(202) },
  "POST /api/auth/email-link/check": { body: { token: "A".repeat(43) }, expect: all(200) },
  "POST /api/auth/email-link/complete": {
    body: { token: "A".repeat(43), email: "x@acme.com" },
    expect: all(400),
  },
  "GET /api/users/:userId": { expect: ownerOnly(200) },
  "PATCH /api/users/:userId": { body: { name: "Matrix" }, expect: ownerOnly(200) },
  "GET /api/users/:userId/usage": { expect: ownerOnly(200) },
  "GET /api/users/:userId/settings": { expect: ownerOnly(200) },
  "PATCH /api/users/:userId/settings": {
    body: { instructions: "I teach maths.", answerLanguage: "de" },
    expect: ownerOnly(200),
  },
  "DELETE /api/users": { expect: all(400) },
  "GET /api/usage": { expect: all(200) },
  "GET /api/usage/limits": { expect: all(200) },
  "GET /api/usage/check": { query: "?counter=search", expect: all(200) },
  "GET /api/admin/users": { expect: all(404) },
  "PUT /api/admin/users/:userId/tier": { body: { tier: "pro" }, expect: all(404) },
  "POST /api/answer": { body: { text: "What is Nexus?" }, expect: all(200) },
  // Read through the kind that keeps it (a research not yet reported: no history entry at all).
  "GET /api/threads/:threadId": { expect: ownerOnly(200), seed: seedResearch },
  ...agentMatrixRows(seedCustomAgent),
  // Share links: :shareId is a live link of the owner's answer (made in the setup below).
  "POST /api/shares": {
    body: { entryId: "matrix-share-entry" },
    expect: { owner: 200, other: 403, anonA: 401, anonB: 401, none: 401, deleted: 401 },
  },
  "GET /api/shares": { expect: { ...ownerOnly(200), other: 200 } },
  "GET /api/shares/:shareId": { expect: all(200) },
  "POST /api/shares/:shareId/copy": { expect: { ...ownerOnly(201), other: 201 } },
  // After the rows above that read :shareId: the owner revokes it.
  "DELETE /api/shares/:shareId": { expect: ownerOnly(204) },
  "PUT /api/feedback": {
    body: { entryId: "matrix-feedback-put", rating: "up" },
    expect: { owner: 200, other: 200, anonA: 200, anonB: 200, none: 401, deleted: 401 },
  },
  "GET /api/feedback/:entryId": {
    expect: { owner: 200, other: 404, anonA: 404, anonB: 404, none: 401, deleted: 401 },
  },
  "GET /api/admin/feedback": { expect: all(404) },
  // Discover is public (spec §2): the same feed for everyone.
  "GET /api/discover": { query: "?topic=technology", expect: all(200) },
  // The image proxy is public (share pages and discover show images to anyone) but serves only
  // addresses the server signed: a forged signature is 403 for every actor (signed ones: 200 for
  // every actor, in modules/images/images.test.ts).
  "GET /api/image": {
    query: `?u=${encodeURIComponent("https://img.example.org/a.png")}&s=${"A".repeat(22)}`,
    expect: all(403),
  },
  "GET /api/admin/feedback.csv": { expect: all(404) },
  // Book-a-demo leads: anyone may send one; the admin inbox is invisible to all of these actors
  // (super-admins are covered in modules/admin/admin-access.test.ts).
  "POST /api/leads": {
    body: { fullName: "Matrix Lead", email: "matrix-lead@acme.com" },
    expect: all(202),
  },
  "GET /api/admin/leads": { expect: all(404) },
  "GET /api/admin/leads.csv": { expect: all(404) },
  "GET /api/admin/leads/:leadId": { expect: all(404) },
  "PATCH /api/admin/leads/:leadId": { body: { status: "contacted" }, expect: all(404) },
  "GET /api/admin/usage": { expect: all(404) },
  // History and library (sign-in only; a foreign entry or thread is a missing one).
  "GET /api/history": { expect: { ...ownerOnly(200), other: 200 } },
  "POST /api/history/import": { body: IMPORT_BODY, expect: { ...ownerOnly(200), other: 200 } },
  "PUT /api/history/:entryId/bookmark": {
    body: { isBookmarked: true },
    expect: ownerOnly(200),
    seed: seedHistoryEntry,
  },
  "DELETE /api/history/:entryId": { expect: ownerOnly(204), seed: seedHistoryEntry },
  "DELETE /api/threads/:threadId": { expect: ownerOnly(204), seed: seedHistoryEntry },
  "GET /api/threads/:threadId/title": { expect: ownerOnly(200), seed: seedHistoryEntry },
  "PUT /api/threads/:threadId/title": {
    body: { title: "Renamed by the matrix" },
    expect: ownerOnly(200),
    seed: seedHistoryEntry,
  },
  "PUT /api/threads/:threadId/pin": {
    body: { pinned: true },
    expect: ownerOnly(200),
    seed: seedHistoryEntry,
  },
  // All or nothing: another person's thread in the list deletes none (404, as for one thread).
  "POST /api/threads/bulk-delete": {
    bodyFor: (ids) => ({ threadIds: [ids[":threadId"]] }),
    expect: { ...ownerOnly(200), other: 404 },
    seed: seedHistoryEntry,
  },
  "GET /api/library": { expect: { ...ownerOnly(200), other: 200 } },
  // Exports (issue 42): a thread through the thread API (its 404s); one's own whole history.
  "GET /api/threads/:threadId/export": {
    query: "?format=md",
    expect: ownerOnly(200),
    seed: seedHistoryEntry,
  },
  "GET /api/history/export.zip": { expect: { ...ownerOnly(200), other: 200 } },
  // The account data export: always the caller's own (account-export.test.ts reads it).
  "GET /api/account/export.zip": { expect: { ...ownerOnly(200), other: 200 } },
  // Files (sign-in only; a foreign file is a missing one). :fileId is a ready file of the owner.
  "GET /api/files": { expect: { ...ownerOnly(200), other: 200 } },
  "POST /api/files": {
    form: () => fileForm("matrix.txt", "A matrix upload."),
    expect: { ...ownerOnly(201), other: 201 },
  },
  "GET /api/files/:fileId": { expect: ownerOnly(200) },
  "PATCH /api/files/:fileId": { body: { name: "Matrix.txt" }, expect: ownerOnly(200) },
  "GET /api/files/:fileId/download": { expect: ownerOnly(200) },
  // Documents (a file of the owner as a document; the matrix's file is text, so its bytes are not
  // shown as a PDF: 415 past authorization). Its chat answers offline.
  "GET /api/documents/:documentId": { expect: ownerOnly(200) },
  "GET /api/documents/:documentId/text": { expect: ownerOnly(200) },
  "GET /api/documents/:documentId/passages/:ordinal": { expect: ownerOnly(200) },
  "GET /api/documents/:documentId/content": { expect: ownerOnly(415) },
  // Collections: a chat's files (another person's chat and file are missing ones).
  "GET /api/documents/:documentId/chats": { expect: ownerOnly(200) },
  "GET /api/documents/:documentId/threads/:threadId/files": {
    expect: ownerOnly(200),
    seed: async () => ({ ":threadId": "MatrixCollection" }),
  },
  "POST /api/documents/:documentId/threads/:threadId/files": {
    bodyFor: (ids) => ({ fileIds: [ids[":fileId"]] }),
    expect: ownerOnly(200),
    seed: (ownerId) => seedCollectionFile(ownerId, false),
  },
  "DELETE /api/documents/:documentId/threads/:threadId/files/:fileId": {
    expect: ownerOnly(200),
    seed: (ownerId) => seedCollectionFile(ownerId, true),
  },
  "POST /api/documents/:documentId/chat": {
    body: { text: "What does the file say?" },
    expect: ownerOnly(200),
  },
  "GET /api/files/:fileId/view": { expect: ownerOnly(200), seed: seedImage },
  "GET /api/files/:fileId/events": { expect: ownerOnly(200) },
  "DELETE /api/files/:fileId": { expect: ownerOnly(204), seed: seedFile },
  "POST /api/files/:fileId/password": {
    body: { password: "abc" },
    expect: ownerOnly(202),
    seed: seedEncryptedFile,
  },
  // Another person's file is as missing as a deleted one.
  "GET /api/files/missing": {
    query: "?ids=00000000-0000-4000-8000-000000000000",
    expect: { ...ownerOnly(200), other: 200 },
  },
  // Runs: the owner only; another person, anonymous callers and no credentials get the same 404.
  "GET /api/runs/:runId": { expect: { ...all(404), owner: 200 }, seed: seedRun("succeeded") },
  "GET /api/runs/:runId/events": {
    expect: { ...all(404), owner: 200 },
    seed: seedRun("succeeded"),
  },
  "POST /api/runs/:runId/cancel": { expect: { ...all(404), owner: 202 }, seed: seedRun("queued") },
  // Deep research: plan, start and list for anyone signed in; one research for its owner only.
  "POST /api/research/plan": {
    body: { question: "What is Nexus?", depth: "quick" },
    expect: { ...ownerOnly(200), other: 200 },
  },
  "POST /api/research": {
    body: { question: "What is Nexus?", depth: "quick", subQuestions: ["What is Nexus?"] },
    expect: { ...ownerOnly(201), other: 201 },
  },
  "GET /api/research": { expect: { ...ownerOnly(200), other: 200 } },
  "GET /api/research/:threadId": { expect: ownerOnly(200), seed: seedResearch },
  "POST /api/research/:threadId/finish": { expect: ownerOnly(202), seed: seedResearch },
  "POST /api/research/:threadId/resume": { expect: ownerOnly(202), seed: seedCancelledResearch },
  "DELETE /api/research/:threadId": { expect: ownerOnly(204), seed: seedResearch },
  ...nexdocsMatrixRows(() => h),
  // Open in NexDocs: a thread of the caller's (another person's is the thread API's 404).
  "POST /api/nexdocs/from-thread": {
    bodyFor: (ids) => ({ threadId: ids[":threadId"] }),
    expect: { ...ownerOnly(201), other: 404 },
    seed: seedHistoryEntry,
  },
  // The matrix's body is no image: the owner gets past authorization to 415.
  "POST /api/nexdocs/:id/images": {
    body: "not an image",
    expect: ownerOnly(415),
    seed: seedNexdoc,
  },
  "GET /api/nexdocs/:id/images/:imageId": { expect: ownerOnly(200), seed: seedNexdocImage(false) },
  // A shared document's image: anyone with its live link.
  "GET /api/shares/:shareId/images/:imageId": { expect: all(200), seed: seedNexdocImage(true) },
  ...extractionMatrixRows(() => h),
  "DELETE /api/users/:userId": { expect: ownerOnly(204), destructive: true },
  // Last: signing out as "other" ends the session the other rows use.
  "POST /api/auth/sign-out": { expect: all(204), destructive: true },
};

function bodyOf(row: Row, ids: Record<string, string>): unknown {
  return row.bodyFor ? row.bodyFor(ids) : row.body;
}

let h: Harness;
beforeAll(async () => {
  // Every actor posts a lead from the same (socketless) address: lift the per-address lead limit.
  h = await createHarness({ LEADS_RATE_LIMIT: "1000" }, { jobs: true });
});
afterAll(async () => {
  await h.close();
});

function registeredRoutes(): string[] {
  return [
    ...new Set(
      h.app.routes
        .filter((r) => r.method !== "ALL" && !r.path.endsWith("*"))
        .map((r) => `${r.method} ${r.path.replace(/\/$/, "") || "/"}`),
    ),
  ].sort();
}

describe("authorization matrix (G2)", () => {
  it("covers every API route the app registers", () => {
    const routes = registeredRoutes().filter((r) => r.split(" ")[1]?.startsWith("/api"));
    expect(routes).toEqual(Object.keys(MATRIX).sort());
  });

  it("answers every route × actor as expected, with no unexpected 2xx", async () => {
    const other = await h.signIn("matrix-other@acme.com");
    const gone = await h.signIn("matrix-gone@acme.com");
    await h.request(`/api/users/${gone.userId}`, { method: "DELETE", cookie: gone.cookie });
    const rows = Object.entries(MATRIX).sort(
      ([, a], [, b]) => Number(a.destructive ?? false) - Number(b.destructive ?? false),
    );
    const failures: string[] = [];
    const steadyOwner = await h.signIn("matrix-owner@acme.com");
    ownerCookies.set(steadyOwner.userId, steadyOwner.cookie);
    const ownerAgent = (await seedCustomAgent(steadyOwner.userId))[":id"] ?? "";
    ownerCustomAgents.set(steadyOwner.userId, ownerAgent);
    const uploaded = await upload(h, steadyOwner.cookie, "matrix-file.txt", "The owner's file.");
    const ownerFile = ((await uploaded.json()) as { id: string }).id;
    await untilDone(h, steadyOwner.cookie, ownerFile);
    ownerDocuments.set(steadyOwner.userId, ownerFile);
    const ownerThread = "matrix-thread";
    await h.db.db.insert(schema.searchHistory).values({
      id: ownerThread,
      userId: steadyOwner.userId,
      threadId: ownerThread,
      query: "What is Nexus?",
    });
    await h.db.db.insert(schema.searchHistory).values({
      id: "matrix-share-entry",
      userId: steadyOwner.userId,
      threadId: "matrix-share-entry",
      query: "What is Nexus?",
      results: { markdown: "Nexus answers questions." },
    });
    const made = await h.request("/api/shares", {
      method: "POST",
      cookie: steadyOwner.cookie,
      body: { entryId: "matrix-share-entry" },
    });
    const ownerShare = ((await made.json()) as { shareId: string }).shareId;
    const ownerRated = "matrix-feedback";
    await h.request("/api/feedback", {
      method: "PUT",
      cookie: steadyOwner.cookie,
      body: { entryId: ownerRated, rating: "down" },
    });
    let fresh = 0;
    for (const [route, row] of rows) {
      const [method, pattern] = route.split(" ") as [string, string];
      for (const actor of Object.keys(row.expect) as Actor[]) {
        const owner = row.destructive
          ? await h.signIn(`matrix-owner-${fresh++}@acme.com`)
          : steadyOwner;
        const cookie = {
          owner: owner.cookie,
          other: other.cookie,
          deleted: gone.cookie,
          anonA: undefined,
          anonB: undefined,
          none: undefined,
        }[actor];
        const anonId =
          actor === "anonA"
            ? "anon_1795000000000_aaaaaaaa"
            : actor === "anonB"
              ? "anon_1795000000000_bbbbbbbb"
              : undefined;
        const ids = row.seed ? await row.seed(owner.userId) : {};
        const path =
          Object.entries(ids)
            .reduce((p, [name, id]) => p.replace(name, id), pattern)
            .replace(":userId", owner.userId)
            .replace(":agentId", "quick-answer")
            .replace(/:id\b/, ownerCustomAgents.get(owner.userId) ?? "none")
            .replace(":threadId", ownerThread)
            .replace(":shareId", ownerShare)
            .replace(":entryId", ownerRated)
            .replace(":fileId", ownerFile)
            .replace(":documentId", ownerFile)
            .replace(":ordinal", "0") + (row.query ?? "");
        const res = row.form
          ? await h.app.request(`http://nexus.test${path}`, {
              method,
              headers: {
                ...(cookie ? { cookie } : {}),
                ...(anonId ? { "x-anon-id": anonId } : {}),
              },
              body: row.form(),
            })
          : await h.request(path, { method, cookie, anonId, body: bodyOf(row, ids) });
        await res.arrayBuffer(); // streamed answers run to their end before the next request
        if (res.status !== row.expect[actor])
          failures.push(`${route} as ${actor}: ${res.status} (expected ${row.expect[actor]})`);
        if (
          res.status === 404 &&
          /:userId|:threadId|:shareId|:entryId|:fileId|:documentId|:runId|:id\b|:token/.test(
            pattern,
          )
        ) {
          const missing = await h.request(
            pattern
              .replace(":userId", "00000000-0000-4000-8000-000000000000")
              .replace(":agentId", "quick-answer")
              .replace(/:id\b/, "00000000-0000-4000-8000-000000000000")
              .replace(":token", "M".repeat(22))
              .replace(":threadId", "missing-thread")
              .replace(":shareId", "M".repeat(22))
              .replace(":entryId", "missing-entry")
              .replace(":fileId", "00000000-0000-4000-8000-000000000000")
              .replace(":documentId", "00000000-0000-4000-8000-000000000000")
              .replace(":ordinal", "0")
              .replace(":runId", "00000000-0000-4000-8000-000000000000") + (row.query ?? ""),
            {
              method,
              cookie,
              anonId,
              body: bodyOf(row, { ":threadId": "missing-thread" }),
            },
          );
          if (missing.status !== 404)
            failures.push(`${route} as ${actor}: missing id gave ${missing.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
