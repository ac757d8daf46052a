import { chromium } from "@playwright/test";
import { modelHandler, startAnswerStack } from "./lib/answer-stack.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";

const TOKENS = Number(process.env.BENCH_RENDER_TOKENS ?? 2000);
const TARGET_PER_SECOND = 60;
const DELAY_MS = Number(process.env.BENCH_RENDER_DELAY_MS ?? 4);
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"];

/**
 * How often the answer page updates while a long answer streams: a 2,000-token answer from the
 * fake model (one token per chunk, 4 ms apart: 250 tokens a second, faster than a screen refreshes) on the real
 * server and the built web app in Chromium. A MutationObserver on the answer's text counts the
 * DOM commits (one callback per React commit that touched it) and which animation frame each fell
 * in; the figures are commits per second over the stream and the most commits in one frame.
 */
export async function answerRenders(): Promise<BenchResult> {
  const stack = await startAnswerStack({
    handler: modelHandler({ chunks: TOKENS, delayMs: DELAY_MS }),
    users: 1,
    tier: "pro",
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = (stack.cookies[0] ?? "").split(";")[0]?.split("=") ?? [];
    if (name && value) await context.addCookies([{ name, value, url: stack.server.origin }]);
    // A string: bench/ is compiled without the DOM's types.
    await context.addInitScript(`
      window.__commits = [];
      let frame = 0;
      const tick = () => { frame += 1; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      new MutationObserver((records) => {
        const inAnswer = records.some((r) => {
          const node = r.target instanceof Element ? r.target : r.target.parentElement;
          return node && node.closest('[data-testid="answer-turn"]') !== null;
        });
        if (inAnswer) window.__commits.push({ t: performance.now(), frame });
      }).observe(document, { subtree: true, childList: true, characterData: true });
    `);
    const page = await context.newPage();
    await page.goto(`${stack.server.origin}/app/search?q=${encodeURIComponent("Render bench")}`);
    const turn = page.getByTestId("answer-turn").first();
    await page
      .locator('[data-testid="answer-markdown"]', { hasText: `word${TOKENS}` })
      .waitFor({ timeout: 120_000 });
    await page
      .locator('[data-testid="answer-turn"][aria-busy="false"]')
      .first()
      .waitFor({ timeout: 120_000 });
    const text = await turn.getByTestId("answer-markdown").innerText();
    const commits = (await page.evaluate("window.__commits")) as { t: number; frame: number }[];
    await context.close();
    if (!text.includes(`word${TOKENS}`))
      throw new Error(`the answer did not stream in full: …${text.slice(-200)}`);
    const first = commits[0]?.t ?? 0;
    const last = commits[commits.length - 1]?.t ?? 0;
    const seconds = Math.max(0.001, (last - first) / 1000);
    const perSecond = Math.round((commits.length / seconds) * 10) / 10;
    const perFrame = new Map<number, number>();
    for (const c of commits) perFrame.set(c.frame, (perFrame.get(c.frame) ?? 0) + 1);
    const maxPerFrame = Math.max(0, ...perFrame.values());
    let maxInSecond = 0;
    for (let i = 0, j = 0; i < commits.length; i++) {
      while ((commits[i]?.t ?? 0) - (commits[j]?.t ?? 0) > 1000) j++;
      maxInSecond = Math.max(maxInSecond, i - j + 1);
    }
    const ok = perSecond <= TARGET_PER_SECOND && maxInSecond <= TARGET_PER_SECOND;
    const markdown = [
      `${TOKENS} tokens streamed ${DELAY_MS} ms apart; the answer's text in Chromium (built app, real server)`,
      "",
      markdownTable(
        [
          "commits",
          "stream s",
          "commits/s",
          "most in any 1 s",
          "most in one frame",
          "target",
          "verdict",
        ],
        [
          [
            commits.length,
            Math.round(seconds * 100) / 100,
            perSecond,
            maxInSecond,
            maxPerFrame,
            `≤ ${TARGET_PER_SECOND}/s`,
            verdict(ok),
          ],
        ],
      ),
    ].join("\n");
    return {
      title: "Answer page updates while streaming",
      markdown,
      misses: ok ? [] : [`answer-renders: ${perSecond}/s, ${maxInSecond} in one second`],
    };
  } finally {
    await browser.close();
    await stack.stop();
  }
}
