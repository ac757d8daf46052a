import type { Page } from "@playwright/test";
import type { SearxngItem } from "./fakes/searxng-server.ts";
import { signInViaApi } from "./support/fixtures.ts";
import { expect, stubExternalHosts, test } from "./support/model-server.ts";
import { ATTACKER_HOST, tokens, xssPayloads } from "./support/xss-payloads.ts";

/**
 * Gate G7: hostile markdown and HTML through the real answer renderer in Chromium, streamed token
 * by token by the (fake) model and again restored from the server after a reload, plus hostile
 * source titles and snippets. 0 script runs, 0 javascript:/data: links, 0 requests to hosts the
 * page has no business loading from.
 */

// Runs in the page before any app script (source text: the E2E code has no DOM types).
const WATCH = `(() => {
  const g7 = { runs: [], violations: [], bad: [] };
  window.__g7 = g7;
  for (const name of ["alert", "confirm", "prompt", "print"]) {
    window[name] = (arg) => { g7.runs.push(name + "(" + String(arg) + ")"); };
  }
  document.addEventListener("securitypolicyviolation", (e) => {
    g7.violations.push(e.violatedDirective + " " + e.blockedURI);
  });
  const URL_ATTRS = ["href", "src", "action", "formaction", "xlink:href", "data", "srcset", "poster"];
  const FORBIDDEN = new Set(["SCRIPT", "IFRAME", "OBJECT", "EMBED", "FRAME", "BASE"]);
  // The app has forms of its own (the follow-up composer); none may come out of answer content.
  const FORBIDDEN_IN_CONTENT = new Set(["FORM", "META", "LINK", "STYLE", "TEXTAREA", "SELECT"]);
  const CONTENT = '[data-testid="answer-markdown"], [data-testid="sources-strip"], [data-testid="related-questions"], [data-testid="media-panel"]';
  const scheme = (v) => v.replace(/[\\u0000-\\u0020\\u007f-\\u009f]/g, "").toLowerCase();
  const inspect = (el) => {
    if (!(el instanceof Element)) return;
    const inHead = el.closest("head") !== null;
    if (FORBIDDEN.has(el.tagName) && !inHead) g7.bad.push("element " + el.outerHTML.slice(0, 120));
    if (FORBIDDEN_IN_CONTENT.has(el.tagName) && el.closest(CONTENT) !== null)
      g7.bad.push("content element " + el.outerHTML.slice(0, 120));
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith("on")) g7.bad.push("handler " + name + " on " + el.tagName);
      if (URL_ATTRS.includes(name) && /^(javascript|vbscript|data):/.test(scheme(attr.value)))
        g7.bad.push(name + "=" + attr.value.slice(0, 80) + " on " + el.tagName);
    }
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") inspect(r.target);
      for (const node of r.addedNodes) {
        if (!(node instanceof Element)) continue;
        inspect(node);
        for (const child of node.querySelectorAll("*")) inspect(child);
      }
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`;

interface G7State {
  runs: string[];
  violations: string[];
  bad: string[];
}

async function g7State(page: Page): Promise<G7State> {
  return (await page.evaluate("window.__g7")) as G7State;
}

/** Paragraphs, list items, quotes and headings: the payloads in different markdown contexts. */
function answerOf(batch: readonly string[]): string {
  const wrap = ["", "- ", "> ", "### "];
  return batch
    .map((p, i) => `${wrap[i % wrap.length]}${p} [${(i % 3) + 1}]`)
    .join("\n\n")
    .concat("\n\nDone [1].");
}

function hostileSources(payloads: readonly string[]): SearxngItem[] {
  return payloads.slice(0, 12).map((payload, i) => ({
    url: `https://site${i + 1}.example.org/page?q=${encodeURIComponent(payload)}`,
    title: payload,
    content: `${payload} <img src=https://${ATTACKER_HOST}/snippet.png>`,
    engine: "bing",
  }));
}

test("G7: hostile answers and sources render inert, streamed and restored", async ({
  page,
  context,
  modelServer,
  uniqueEmail,
}) => {
  test.setTimeout(360_000);
  const all = xssPayloads();
  expect(all.length).toBeGreaterThanOrEqual(300);
  // G7 asks for at least 200 in Chromium: `npm test` renders the first 204 (4 answers of 51), the
  // nightly run (E2E_FULL_MATRIX=1) every one.
  const payloads = process.env.E2E_FULL_MATRIX === "1" ? all : all.slice(0, 204);

  const allowedHosts = new Set([new URL(modelServer.origin).host]);
  const originalGeneral = modelServer.searxng.corpus.general ?? [];
  modelServer.searxng.corpus.general = hostileSources(payloads);
  for (const kind of ["general", "images", "videos"])
    for (const item of modelServer.searxng.corpus[kind] ?? [])
      for (const url of [item.url, item.img_src, item.thumbnail_src, item.thumbnail])
        if (url?.startsWith("https://")) allowedHosts.add(new URL(url).host);

  const external = await stubExternalHosts(context, modelServer.origin);
  await context.addInitScript(WATCH);
  await signInViaApi(context, uniqueEmail("g7"));

  // Batches of 51 (each streamed, then restored by a reload): fewer page loads, the same
  // payloads in the same markdown contexts.
  const size = 51;
  try {
    for (let start = 0, batch = 1; start < payloads.length; start += size, batch++) {
      const slice = payloads.slice(start, start + size);
      modelServer.answers.push({ kind: "text", chunks: tokens(answerOf(slice)), delayMs: 1 });
      await page.goto(`/app/search?q=${encodeURIComponent(`G7 batch ${batch}`)}`);
      const turn = page.getByTestId("answer-turn").last();
      await expect(turn.getByTestId("related-questions")).toBeVisible({ timeout: 30_000 });
      await expect(turn.getByTestId("answer-markdown")).toContainText("Done");
      // The same answer restored from the server (rendered whole, not streamed).
      await page.reload();
      await expect(
        page.getByTestId("answer-turn").last().getByTestId("answer-markdown"),
      ).toContainText("Done");
      // A hover preview of a hostile source title must not run anything either.
      await page.locator("[data-citation]").first().hover();

      const state = await g7State(page);
      expect(state.runs, `script runs in batch ${batch}`).toEqual([]);
      expect(state.bad, `dangerous DOM in batch ${batch}`).toEqual([]);
      expect(
        state.violations.filter((v) => v.startsWith("script-src")),
        `inline script attempts (blocked by CSP) in batch ${batch}`,
      ).toEqual([]);
    }
  } finally {
    modelServer.searxng.corpus.general = originalGeneral;
  }
  const foreign = external.filter((url) => !allowedHosts.has(new URL(url).host));
  expect(foreign, "requests to hosts outside the app and its search results").toEqual([]);
  expect(external.some((url) => url.includes(ATTACKER_HOST))).toBe(false);
  const counts = { payloads: payloads.length };
  test.info().annotations.push({ type: "G7", description: JSON.stringify(counts) });
  console.log(`G7: ${payloads.length} payloads, 0 script runs, 0 dangerous links or requests`);
});
