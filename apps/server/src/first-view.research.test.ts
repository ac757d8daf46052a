import fs from "node:fs";
import path from "node:path";
import type { ThreadResponse } from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../test/harness.ts";
import { writeWebDist } from "../test/support/static-test-kit.ts";
import { createApp } from "./app.ts";
import { indexKnowledgeBase } from "./integrations/search/knowledge-index.ts";
import { ended, startResearch } from "./modules/research/research-test-kit.ts";
import { escapeHtml } from "./modules/shares/share-page.ts";

/**
 * A research's page (/app/agents/deepresearch/<threadId>): its owner's finished report is drawn by
 * the server (question and report text, escaped); a research still running, someone else's, a
 * missing one, the results list and an anonymous visitor get the loading frame.
 */
let h: Harness;
let app: ReturnType<typeof createApp>;
let dist = "";
const FRAME = '<div id="root"><div data-testid="sidebar-skeleton">Loading...</div></div>';

beforeAll(async () => {
  h = await createHarness({}, { jobs: { workers: false } });
  await indexKnowledgeBase({ db: h.db.db });
  dist = writeWebDist();
  const manifestFile = path.join(dist, "prerendered", "manifest.json");
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  // The build's research first views (apps/web/src/app/first-views.tsx), most fields first.
  const view = (fields: string[], html: string) => ({
    pattern: "/app/agents/deepresearch/:threadId",
    fields: ["question", "report", ...fields],
    html: `<main><h1>%%nexus:question%%</h1>${html}<div>%%nexus:report%%</div></main>`,
  });
  const contents = "<ol><li>%%nexus:reportContents%%</li></ol>";
  manifest.appFirstViews.push(
    view(["reportOffline", "reportContents"], `<p>Offline</p>${contents}`),
    view(["reportOffline"], "<p>Offline</p>"),
    view(["reportContents"], contents),
    view([], ""),
  );
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  app = createApp(h.deps, { webDist: dist });
});
afterAll(async () => {
  fs.rmSync(dist, { recursive: true, force: true });
  await h?.close();
});

async function root(url: string, cookie?: string) {
  const res = await app.request(url, cookie ? { headers: { cookie } } : {});
  expect(res.status, url).toBe(200);
  expect(res.headers.get("cache-control"), url).toBe("private, no-cache");
  const html = await res.text();
  return html.slice(html.indexOf('<div id="root"'), html.indexOf("</body>"));
}

describe("a research's first view", () => {
  it("shows its owner the finished report, escaped; anyone else, or a research not finished, the frame", async () => {
    const owner = await h.signIn("research-first-view-owner@acme.com");
    const other = await h.signIn("research-first-view-other@acme.com");
    const question = `How do I share a <b>thread</b> & what does "the reader" see?`;
    const item = await startResearch(h, owner.cookie, {
      question,
      depth: "quick",
      sources: "both",
    });
    const page = `/app/agents/deepresearch/${item.threadId}`;

    // Queued (no worker yet): the loading frame, for its owner too.
    expect(await root(page, owner.cookie)).toBe(FRAME);

    await h.jobs?.startWorkers();
    const done = await ended(h, owner.cookie, item.threadId);
    expect(done.status, done.error ?? "").toBe("succeeded");
    const thread = (await (
      await h.request(`/api/threads/${item.threadId}`, { cookie: owner.cookie })
    ).json()) as ThreadResponse;
    const report = (thread.messages[1]?.parts ?? [])
      .map((part) => (part.type === "text" ? String(part.text) : ""))
      .join("");
    expect(report.length).toBeGreaterThan(100);

    // Its owner: the question, that it ran offline (no model here), its contents (one list item
    // per heading) and the report's text, as text.
    expect(done.offline).toBe(true);
    const headings = [...report.matchAll(/^## (.+)$/gm)].map((match) => match[1] ?? "");
    expect(headings).toContain(question);
    const mine = await root(page, owner.cookie);
    expect(mine).toBe(
      `<div id="root" data-first-view><main><h1>${escapeHtml(question)}</h1><p>Offline</p><ol>${headings
        .map((heading) => `<li>${escapeHtml(heading)}</li>`)
        .join("")}</ol><div>${escapeHtml(report)}</div></main></div>`,
    );
    expect(escapeHtml(question)).toBe(
      "How do I share a &lt;b&gt;thread&lt;/b&gt; &amp; what does &quot;the reader&quot; see?",
    );
    expect(mine).not.toContain("<b>");
    // With a trailing slash too.
    expect(await root(`${page}/`, owner.cookie)).toBe(mine);

    // Someone else, an anonymous visitor, a research that is not there, the results list, a
    // malformed id: nothing of it.
    for (const [url, cookie] of [
      [page, other.cookie],
      [page, undefined],
      ["/app/agents/deepresearch/NoSuchResearch1", owner.cookie],
      ["/app/agents/deepresearch/results", owner.cookie],
      ["/app/agents/deepresearch/bad%E0%A4%A", owner.cookie],
    ] as const) {
      const who = cookie === owner.cookie ? "owner" : cookie ? "other" : "anonymous";
      expect(await root(url, cookie), `${url} ${who}`).toBe(FRAME);
    }
  });

  it("gives a failed or cancelled research the frame", async () => {
    const owner = await h.signIn("research-first-view-cancel@acme.com");
    const item = await startResearch(h, owner.cookie, { question: "What is kept in history?" });
    const cancel = await h.request(`/api/runs/${item.runId}/cancel`, {
      method: "POST",
      cookie: owner.cookie,
    });
    expect(cancel.status).toBe(202);
    expect((await ended(h, owner.cookie, item.threadId)).status).toBe("cancelled");
    expect(await root(`/app/agents/deepresearch/${item.threadId}`, owner.cookie)).toBe(FRAME);
  });
});
