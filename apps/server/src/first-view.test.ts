import zlib from "node:zlib";
import { AGENT_CATEGORIES } from "@nexus/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webAppForTests } from "../test/support/static-test-kit.ts";
import { presetAgent, presetAgents } from "./ai/agents/presets.ts";
import { seedEntries } from "./modules/history/history-test-kit.ts";
import { escapeHtml } from "./modules/shares/share-page.ts";

const web = webAppForTests();

describe("first views of /app pages", () => {
  it("draws a screen's first view with the request's own values, escaped; without them, the frame", async () => {
    const root = async (url: string, cookie?: string) => {
      const res = await web.app.request(url, cookie ? { headers: { cookie } } : {});
      expect(res.headers.get("cache-control"), url).toBe("private, no-cache");
      expect(res.headers.get("vary"), url).toContain("Cookie");
      const html = await res.text();
      return html.slice(html.indexOf('<div id="root"'), html.indexOf("</body>"));
    };
    const FRAME = '<div id="root"><div data-testid="sidebar-skeleton">Loading...</div></div>';
    const owner = await web.h.signIn("first-view-owner@acme.com");
    const other = await web.h.signIn("first-view-other@acme.com");
    await web.h.deps.db.execute(
      sql`update users set name = ${`<img src=x onerror=alert(1)>&amp; Smith`} where id = ${owner.userId}`,
    );
    await seedEntries(web.h, [
      {
        userId: owner.userId,
        threadId: "FirstView1",
        timestamp: new Date(),
        query: `<script>alert("q")</script> and 'quotes'`,
        markdown: "**Bold** </div><img src=x onerror=alert(2)> 2 > 1",
      },
    ]);

    // The home screen greets a signed-in person by their first name; anyone else plainly.
    expect(await root("/app", owner.cookie)).toBe(
      '<div id="root" data-first-view><main><h1>Ask, &lt;img?</h1></main></div>',
    );
    expect(await root("/app")).toBe(
      '<div id="root" data-first-view><main><h1>Ask?</h1></main></div>',
    );

    // A saved thread: its owner sees its first question and answer, as text.
    const thread = "/app/search/what-is-it-FirstView1";
    expect(await root(thread, owner.cookie)).toBe(
      '<div id="root" data-first-view><main><h1>&lt;script&gt;alert(&quot;q&quot;)&lt;/script&gt; and &#39;quotes&#39;</h1>' +
        "<div>**Bold** &lt;/div&gt;&lt;img src=x onerror=alert(2)&gt; 2 &gt; 1</div></main></div>",
    );
    // Someone else, an anonymous visitor, or a thread that is not there: nothing of it.
    for (const [url, cookie] of [
      [thread, other.cookie],
      [thread, undefined],
      ["/app/search/what-is-it-NoSuchThread", owner.cookie],
      ["/app/search/bad%E0%A4%A", owner.cookie],
    ] as const) {
      expect(
        await root(url, cookie),
        `${url} ${cookie === owner.cookie ? "owner" : cookie ? "other" : "anonymous"}`,
      ).toBe(FRAME);
    }

    // A preset agent's new chat: its name, description and one list item per starter.
    const agent = presetAgent("quick-answer");
    if (!agent) throw new Error("no quick-answer preset");
    const chat = await root("/app/agents/quick-answer", other.cookie);
    expect(chat).toContain(`<h1>${agent.name}</h1>`);
    expect(chat.match(/<li class="s"><button disabled="">/g)).toHaveLength(agent.starters.length);
    for (const starter of agent.starters) expect(chat).toContain(escapeHtml(starter));
    expect(chat).not.toContain("%%nexus:");
    // Not for an anonymous visitor, a custom agent, a form or an agent needing the missing model.
    expect(web.h.deps.models.configured).toBe(false);
    for (const [url, cookie] of [
      ["/app/agents/quick-answer", undefined],
      ["/app/agents/custom", other.cookie],
      ["/app/agents/title-generator", other.cookie],
      ["/app/agents/writer", other.cookie],
      ["/app/agents/quick-answer/T1", other.cookie],
    ] as const) {
      expect(await root(url, cookie), url).toBe(FRAME);
    }

    // Compressed for the browser that asks, the same page.
    const br = await web.app.request(thread, {
      headers: { cookie: owner.cookie, "accept-encoding": "br, gzip" },
    });
    expect(br.headers.get("content-encoding")).toBe("br");
    const body = zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString();
    expect(body).toContain("&lt;script&gt;alert(&quot;q&quot;)");
  });

  it("draws the agents hub with every preset agent's card and the person's recent ones, theirs only", async () => {
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const html = await (await web.app.request(url, { headers })).text();
      return {
        html: html.slice(html.indexOf("<html"), html.indexOf("<head>")),
        root: html.slice(html.indexOf('<div id="root"'), html.indexOf("</body>")),
      };
    };
    const owner = await web.h.signIn("first-view-hub@acme.com");
    const other = await web.h.signIn("first-view-hub-other@acme.com");
    await seedEntries(web.h, [
      {
        userId: owner.userId,
        threadId: "HubRecent1",
        timestamp: new Date(),
        query: "Hi",
        markdown: "Hello",
        agentId: "studybuddy",
      },
    ]);
    const presets = presetAgents();
    // The first view draws every category's chip: every category has an agent.
    expect(new Set(presets.map((a) => a.category))).toEqual(new Set(AGENT_CATEGORIES));

    const { root } = await page("/app/agents", { cookie: other.cookie });
    const cards = [
      ...root.matchAll(
        /<li><a href="\/app\/agents\/([^"]+)">([^<]*)<\/a>(<svg\/>)?(<b>!<\/b>)?<\/li>/g,
      ),
    ];
    expect(cards.map((m) => m[1])).toEqual(presets.map((a) => a.id));
    expect(cards.map((m) => m[2])).toEqual(presets.map((a) => escapeHtml(a.name)));
    // Its icon and its mark when it needs the model this server lacks.
    expect(web.h.deps.models.configured).toBe(false);
    expect(cards.map((m) => m[3] !== undefined)).toEqual(
      presets.map((a) => a.icon === "book-open"),
    );
    expect(cards.map((m) => m[4] !== undefined)).toEqual(presets.map((a) => a.needsModel));
    expect(root).not.toContain("Recent");
    expect(root).not.toContain("%%nexus");

    // The owner's recent agent above them; another person never sees it.
    const mine = (await page("/app/agents", { cookie: owner.cookie })).root;
    const study = presets.find((a) => a.id === "studybuddy");
    expect(mine).toContain(`<h2>Recent</h2><ul><li>${escapeHtml(study?.name ?? "?")}</li></ul>`);
    // An anonymous visitor: the frame.
    expect((await page("/app/agents")).root).toBe(
      '<div id="root"><div data-testid="sidebar-skeleton">Loading...</div></div>',
    );
  });

  it("draws a first view in the person's language, else their browser's, in its direction", async () => {
    const page = async (url: string, headers: Record<string, string> = {}) => {
      const html = await (await web.app.request(url, { headers })).text();
      return (
        html.slice(0, html.indexOf("<head>")) +
        html.slice(html.indexOf('<div id="root"'), html.indexOf("</body>"))
      );
    };
    const english =
      '<!doctype html><html lang="en"><div id="root" data-first-view><main><h1>Ask?</h1></main></div>';
    expect(await page("/app")).toBe(english);
    expect(await page("/app", { "accept-language": "fr-CH, en;q=0.5" })).toBe(
      '<!doctype html><html lang="fr" dir="ltr"><div id="root" data-first-view><main><h1>Demander ?</h1></main></div>',
    );
    expect(await page("/app", { "accept-language": "ar" })).toBe(
      '<!doctype html><html lang="ar" dir="rtl"><div id="root" data-first-view><main><h1>اسأل؟</h1></main></div>',
    );
    // A language with no first view of its own: the English one, as before.
    expect(await page("/app", { "accept-language": "it" })).toBe(english);
    // The account's choice wins over the browser's.
    const person = await web.h.signIn("first-view-lang@acme.com");
    const settings = await web.h.request(`/api/users/${person.userId}/settings`, {
      method: "PATCH",
      cookie: person.cookie,
      body: { uiLanguage: "ar" },
    });
    expect(settings.status).toBe(200);
    // (The Arabic view has no signed-in variant here: the one for everyone.)
    expect(await page("/app", { cookie: person.cookie, "accept-language": "fr" })).toContain(
      '<html lang="ar" dir="rtl">',
    );
  });
});
