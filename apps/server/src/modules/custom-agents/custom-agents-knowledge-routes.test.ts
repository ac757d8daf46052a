import { KNOWLEDGE_FILE_NOT_YOURS } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fixture } from "../../../test/documents/fixtures.ts";
import {
  AGENT,
  type Agent,
  createAgent,
  h,
  json,
  PDF,
  ready,
  useKnowledgeServers,
} from "./custom-agents-knowledge-kit.ts";

/**
 * Custom agents' knowledge files in the agent's own routes (create, update, export, import,
 * duplicate, delete): only the owner's files, never carried to another person's copy. The chats
 * over them: custom-agents-knowledge.test.ts.
 */

useKnowledgeServers({ offline: false });

describe("custom agents' knowledge files in the agent routes", () => {
  let owner: { cookie: string; userId: string };
  let holder: { cookie: string; userId: string };
  let stranger: { cookie: string; userId: string };
  let pdfId: string;
  let agent: Agent;

  beforeAll(async () => {
    owner = await h.signIn("knowledge-owner@acme.com");
    holder = await h.signIn("knowledge-holder@acme.com");
    stranger = await h.signIn("knowledge-stranger@acme.com");
    pdfId = await ready(h, owner.cookie, PDF, fixture(PDF));
    const created = await createAgent(h, owner.cookie, { ...AGENT, knowledgeFileIds: [pdfId] });
    expect(created.status).toBe(201);
    agent = created.body;
    // The holder has the agent through its link (custom-agents-knowledge.test.ts tests that).
    const shared = await json<Agent>(
      await h.request(`/api/custom-agents/${agent.id}/share`, {
        method: "POST",
        cookie: owner.cookie,
      }),
    );
    const token = shared.sharePath?.split("/").pop() ?? "";
    const seen = await h.request(`/api/custom-agents/shared/${token}`, {
      method: "POST",
      cookie: holder.cookie,
    });
    expect(seen.status).toBe(200);
  });

  it("refuses another person's, a missing or a malformed file id, or too many, and changes nothing", async () => {
    const theirs = await ready(h, stranger.cookie, "stranger.txt", "A stranger's own notes.");
    const before = await json<{ own: Agent[] }>(
      await h.request("/api/custom-agents", { cookie: owner.cookie }),
    );
    for (const ids of [[theirs], ["00000000-0000-4000-8000-000000000000"], [pdfId, theirs]]) {
      const created = await createAgent(h, owner.cookie, { ...AGENT, knowledgeFileIds: ids });
      expect(created.status).toBe(400);
      // The same words for a file that is someone else's and one that does not exist.
      expect(created.body.error?.message).toBe(KNOWLEDGE_FILE_NOT_YOURS);
      const put = await h.request(`/api/custom-agents/${agent.id}`, {
        method: "PUT",
        body: { ...AGENT, name: "Renamed", knowledgeFileIds: ids },
        cookie: owner.cookie,
      });
      expect(put.status).toBe(400);
    }
    for (const ids of [["not-a-uuid"], [pdfId, pdfId], Array.from({ length: 21 }, () => pdfId)])
      expect((await createAgent(h, owner.cookie, { ...AGENT, knowledgeFileIds: ids })).status).toBe(
        400,
      );
    const after = await json<{ own: Agent[] }>(
      await h.request("/api/custom-agents", { cookie: owner.cookie }),
    );
    expect(after).toEqual(before);
    expect(after.own.find((a) => a.id === agent.id)).toMatchObject({
      name: AGENT.name,
      knowledgeFiles: [{ id: pdfId }],
    });
  });

  it("export names the files (not their bytes); import keeps the ones the importer has and names the rest; a holder's copy knows none, the owner's the same", async () => {
    const exported = await json<{
      version: number;
      agent: Record<string, unknown>;
      knowledge: Array<{ name: string; sha256: string | null }>;
    }>(await h.request(`/api/custom-agents/${agent.id}/export`, { cookie: owner.cookie }));
    expect(exported.agent).not.toHaveProperty("knowledgeFileIds");
    expect(exported.version).toBe(2);
    expect(exported.knowledge).toEqual([
      { name: expect.stringMatching(/\.pdf$/), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    const pdfName = exported.knowledge[0]?.name;
    // Ids in the file are ignored; the owner has these bytes, so the import keeps the file.
    const imported = await h.request("/api/custom-agents/import", {
      method: "POST",
      body: { ...exported, agent: { ...exported.agent, knowledgeFileIds: ["f_forged"] } },
      cookie: owner.cookie,
    });
    expect(imported.status).toBe(201);
    expect(await json<Agent>(imported)).toMatchObject({
      knowledgeFiles: [{ id: pdfId }],
      knowledgeKept: [pdfName],
      knowledgeDropped: [],
    });
    // Someone without those bytes gets the agent without the file, told which one was dropped
    // (a hash names a file; it never lends another person's).
    const theirImport = await h.request("/api/custom-agents/import", {
      method: "POST",
      body: { ...exported, knowledge: [...exported.knowledge, { name: "old.txt", sha256: null }] },
      cookie: holder.cookie,
    });
    expect(theirImport.status).toBe(201);
    expect(await json<Agent>(theirImport)).toMatchObject({
      knowledgeCount: 0,
      knowledgeFiles: [],
      knowledgeKept: [],
      knowledgeDropped: [pdfName, "old.txt"],
    });
    // A version 1 file (no knowledge named) still imports.
    const v1 = await h.request("/api/custom-agents/import", {
      method: "POST",
      body: { format: "nexus-custom-agent", version: 1, agent: exported.agent },
      cookie: holder.cookie,
    });
    expect(v1.status).toBe(201);
    expect(await json<Agent>(v1)).toMatchObject({ knowledgeKept: [], knowledgeDropped: [] });

    const own = await json<Agent>(
      await h.request(`/api/custom-agents/${agent.id}/duplicate`, {
        method: "POST",
        cookie: owner.cookie,
      }),
    );
    expect(own.knowledgeFiles?.map((f) => f.id)).toEqual([pdfId]);
    const theirs = await json<Agent>(
      await h.request(`/api/custom-agents/${agent.id}/duplicate`, {
        method: "POST",
        cookie: holder.cookie,
      }),
    );
    expect(theirs).toMatchObject({ isOwner: true, knowledgeCount: 0, knowledgeFiles: [] });
  });

  it("deleting the file takes it out of the agent's knowledge; deleting the agent drops its links", async () => {
    const extra = await ready(h, owner.cookie, "extra.txt", "Extra notes about reftests.");
    const { body } = await createAgent(h, owner.cookie, {
      ...AGENT,
      knowledgeFileIds: [pdfId, extra],
    });
    expect(body.knowledgeCount).toBe(2);
    expect(
      (await h.request(`/api/files/${extra}`, { method: "DELETE", cookie: owner.cookie })).status,
    ).toBe(204);
    const after = await json<Agent>(
      await h.request(`/api/custom-agents/${body.id}`, { cookie: owner.cookie }),
    );
    expect(after.knowledgeFiles?.map((f) => f.id)).toEqual([pdfId]);
    await h.request(`/api/custom-agents/${body.id}`, { method: "DELETE", cookie: owner.cookie });
    const links = await h.db.db
      .select()
      .from(schema.customAgentFiles)
      .where(eq(schema.customAgentFiles.agentId, body.id));
    expect(links).toEqual([]);
  });
});
