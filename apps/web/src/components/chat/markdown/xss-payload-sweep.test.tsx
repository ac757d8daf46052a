// biome-ignore lint/style/noRestrictedImports: a Node-run test reading the shared fixture file.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { AnswerSource } from "@nexus/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { AnswerMarkdown } from "./answer-markdown.tsx";
import { loadHighlight } from "./highlight-loader.ts";
import { loadMath } from "./math-loader.ts";

// KaTeX and the highlighter are downloaded on the first answer with math or code
// (math-loader.test.tsx, highlight-loader.test.tsx); here they are in.
beforeAll(() => Promise.all([loadMath(), loadHighlight()]));

/**
 * G7 sweep: every line of the shared XSS payload list, rendered alone, as a link target, as an
 * image source and as a citation source, must produce nothing executable and no foreign image.
 */
// Not written as `new URL("…", import.meta.url)`: Vite rewrites that pattern into an asset URL.
// `.href` because under jsdom the global URL is jsdom's, which node:url does not accept.
const HERE = import.meta.url;
const PAYLOAD_FILE = fileURLToPath(
  new URL("../../../../../../e2e/fixtures/xss-payload-list.html", HERE).href,
);
const PAYLOADS = readFileSync(PAYLOAD_FILE, "utf8")
  .split(/\r?\n/)
  .filter((line) => line.trim().length > 0);
/**
 * The payloads wrapped as link targets, image sources and citation fields: every fourth one in
 * `npm test` (CI's 20 minutes), every one nightly (XSS_SWEEP_STRIDE=1, scripts/test-nightly.mjs).
 * Each payload alone is rendered in every run.
 */
const STRIDE = Math.max(1, Number(process.env.XSS_SWEEP_STRIDE ?? 4));
const WRAPPED = PAYLOADS.filter((_, i) => i % STRIDE === 0);

const FORBIDDEN_TAGS = [
  "script",
  "iframe",
  "frame",
  "object",
  "embed",
  "applet",
  "style",
  "form",
  "base",
  "meta",
  "link",
  "svg script",
  "foreignobject",
];
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "srcset"]);
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g;
const DANGEROUS_SCHEME = /^(javascript|vbscript|data):/;

function violations(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const found: string[] = [];
  for (const selector of FORBIDDEN_TAGS) {
    if (doc.body.querySelector(selector)) found.push(`<${selector}> element`);
  }
  for (const el of doc.body.querySelectorAll("*")) {
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith("on")) found.push(`${name} attribute on <${el.localName}>`);
      if (name === "style" && /url\s*\(|expression\s*\(/i.test(attr.value)) {
        found.push(`style with url()/expression() on <${el.localName}>`);
      }
      if (URL_ATTRIBUTES.has(name)) {
        const value = attr.value.replace(INVISIBLE, "").toLowerCase();
        if (DANGEROUS_SCHEME.test(value)) found.push(`${name}="${attr.value}"`);
      }
    }
  }
  for (const img of doc.body.querySelectorAll("img")) {
    const src = img.getAttribute("src") ?? "";
    if (img.hasAttribute("srcset")) found.push("img with srcset");
    let url: URL | null = null;
    try {
      url = new URL(src, window.location.href);
    } catch {
      url = null;
    }
    // Every image, favicons included, is this Nexus's image proxy on its own origin.
    if (!url || url.origin !== window.location.origin || url.pathname !== "/api/image") {
      found.push(`foreign img src="${src}"`);
    }
  }
  return found;
}

function renderAll(markdowns: readonly string[], sources: (i: number) => readonly AnswerSource[]) {
  return markdowns
    .map(
      (markdown, i) =>
        `<section data-i="${i}">${renderToStaticMarkup(
          <AnswerMarkdown markdown={markdown} sources={sources(i)} />,
        )}</section>`,
    )
    .join("");
}

function sweep(markdowns: readonly string[], sources: (i: number) => readonly AnswerSource[]) {
  const problems: string[] = [];
  const BATCH = 250;
  for (let start = 0; start < markdowns.length; start += BATCH) {
    const batch = markdowns.slice(start, start + BATCH);
    const found = violations(renderAll(batch, (i) => sources(start + i)));
    if (found.length === 0) continue;
    // Pin the problem down to single payloads for a readable failure.
    batch.forEach((markdown, i) => {
      for (const problem of violations(renderAll([markdown], () => sources(start + i)))) {
        problems.push(`${JSON.stringify(markdown)} -> ${problem}`);
      }
    });
  }
  return problems;
}

const NO_SOURCES = (): readonly AnswerSource[] => [];

describe("XSS payload sweep (G7)", () => {
  it("has the payload list", () => {
    expect(PAYLOADS.length).toBeGreaterThan(2000);
    // Well above G7's 200 in every wrapped form, whichever stride runs.
    expect(WRAPPED.length).toBeGreaterThanOrEqual(Math.floor(PAYLOADS.length / STRIDE));
    expect(WRAPPED.length).toBeGreaterThan(500);
  });

  it("has a checker that would catch what it looks for", () => {
    const bad = [
      "<script>x</script>",
      "<div onclick=x></div>",
      '<a href=" JAVA&#x09;SCRIPT:x">x</a>',
      '<a href="data:text/html,x">x</a>',
      '<img src="https://evil.example/x.png">',
      '<img src="/a.png" srcset="https://evil.example/x.png 2x">',
      '<span style="background:url(https://evil.example/x)"></span>',
      "<svg><script>x</script></svg>",
    ];
    for (const html of bad) expect(violations(html), html).not.toEqual([]);
    expect(violations('<img src="/ok.png">')).not.toEqual([]);
    expect(
      violations('<img src="/api/image?u=x&amp;s=y"><a href="https://example.com">x</a>'),
    ).toEqual([]);
  });

  it("renders every payload alone inertly", () => {
    expect(sweep(PAYLOADS, NO_SOURCES)).toEqual([]);
  }, 30_000);

  it("renders every payload as a link target inertly", () => {
    const markdowns = WRAPPED.flatMap((p) => [`[x](${p})`, `[x](<${p}>)`, `[x]\n\n[x]: ${p}`]);
    expect(sweep(markdowns, NO_SOURCES)).toEqual([]);
    // ~1,700 renders (~6,800 nightly): a generous bound, as a busy CI machine took over 30 s.
  }, 180_000);

  it("renders every payload as an image source inertly", () => {
    const markdowns = WRAPPED.flatMap((p) => [`![x](${p})`, `![x](<${p}>)`]);
    expect(sweep(markdowns, NO_SOURCES)).toEqual([]);
    // ~1,100 renders (~4,500 nightly): a generous bound, as a busy CI machine took over 30 s.
  }, 180_000);

  it("renders every payload as citation source fields inertly", () => {
    const sources = (i: number): readonly AnswerSource[] => {
      const p = WRAPPED[i] ?? "";
      return [{ title: p, url: p, domain: p, favicon: p, snippet: p }];
    };
    expect(
      sweep(
        WRAPPED.map(() => "Claim [1]."),
        sources,
      ),
    ).toEqual([]);
  }, 30_000);
});
