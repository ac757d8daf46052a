import {
  type AnswerResults,
  answerResultsToParts,
  type CitationCheck,
  citationRuns,
} from "@nexus/contracts";
import { schema } from "@nexus/db";
import { GifWriter } from "omggif";
import type { Harness } from "../../../test/harness.ts";

/** A reply with every kind of block an export draws, citing six sources. */
export const RICH_MARKDOWN = [
  "Heat pumps move heat rather than make it [1]. Modern units keep working at −25 °C [2][3].",
  "",
  "## How they compare",
  "",
  "| System | Efficiency (COP) | Works below −15 °C |",
  "| --- | --- | --- |",
  "| Air-source heat pump | 2.5–4 | Yes [4] |",
  "| Gas boiler | 0.9 | Yes |",
  "",
  "## The physics",
  "",
  "The ideal efficiency is $COP = \\frac{T_h}{T_h - T_c}$ for temperatures in kelvin [5].",
  "",
  "$$",
  "COP_{max} = \\frac{293}{293 - 258} \\approx 8.4",
  "$$",
  "",
  "- Defrost cycles cost a little energy [6].",
  "- Sizing matters more than the brand.",
  "",
  "```python",
  "def cop(t_hot, t_cold):",
  "    return t_hot / (t_hot - t_cold)  # [2] stays text in code",
  "```",
  "",
  "Invented claim that no source says [6].",
].join("\n");

export const RICH_SOURCES: AnswerResults["sources"] = [
  {
    title: "How heat pumps work",
    url: "https://energy.example/heat-pumps",
    domain: "energy.example",
    favicon: null,
    snippet: "Heat pumps move heat.",
  },
  {
    title: "Cold-climate field trial",
    url: "https://lab.example/trial?year=2024&site=north",
    domain: "lab.example",
    favicon: null,
    snippet: "Units kept working at −25 °C.",
  },
  {
    title: "Manufacturer data [v2]",
    url: "https://maker.example/specs",
    domain: "maker.example",
    favicon: null,
    snippet: "Rated to −28 °C.",
  },
  {
    title: "heating-notes.pdf, p. 4",
    url: "/app/document-chat/0f8fad5b-d9cb-469f-a165-70867728950e?chunk=3",
    domain: "Your files",
    favicon: null,
    snippet: "Air-source units work below −15 °C.",
  },
  {
    title: "Carnot efficiency",
    url: "https://physics.example/carnot",
    domain: "physics.example",
    favicon: null,
    snippet: "COP = Th / (Th − Tc).",
  },
  {
    title: "someone-elses-notes.pdf, p. 2",
    url: "/app/document-chat/7c9e6679-7425-40de-944b-e07fc1f90ae7?chunk=1",
    domain: "Your files",
    favicon: null,
    snippet: "Defrost cycles.",
    private: true,
  },
];

/** Checks for every citation of RICH_MARKDOWN: all verified but the last one of source 6. */
export function richChecks(): CitationCheck[] {
  const runs = citationRuns(RICH_MARKDOWN, RICH_SOURCES.length);
  return runs.map((r, i) => ({
    source: r.source,
    occurrence: r.occurrence,
    sentence: (RICH_MARKDOWN.slice(0, r.index).split("\n").pop() ?? "").trim(),
    start: r.index,
    end: r.end,
    verified: i !== runs.length - 1,
    match: i !== runs.length - 1 ? "exact" : "none",
    passage: "",
  }));
}

/** An answer thread with RICH_MARKDOWN as its reply (sources, checks saved with its parts). */
export async function seedRichAnswer(h: Harness, userId: string, threadId: string) {
  const results: AnswerResults = {
    markdown: RICH_MARKDOWN,
    sources: RICH_SOURCES,
    images: [{ url: "https://img.example/pump.jpg", title: "A heat pump" }],
    videos: [],
    thinking: "",
  };
  await h.db.db.insert(schema.searchHistory).values({
    id: `${threadId}-1`,
    userId,
    threadId,
    timestamp: new Date(Date.UTC(2026, 0, 2, 10)),
    query: "Do heat pumps work in cold climates?",
    focusMode: "web",
    results,
    parts: [...answerResultsToParts(results), { type: "data-citation-checks", data: richChecks() }],
  });
}

/** The colours of `tinyGif`'s palette: red, green, blue (a fourth, black, is its transparent one). */
export const GIF_COLOURS = [
  [0xd0, 0x20, 0x20],
  [0x20, 0xa0, 0x40],
  [0x20, 0x40, 0xd0],
] as const;

/**
 * A 3×2 GIF of two frames (written with omggif): red green blue / blue (transparent) red, then
 * all green.
 */
export function tinyGif(): Uint8Array {
  const buffer = new Uint8Array(1024);
  const palette = [...GIF_COLOURS, [0, 0, 0]].map(
    ([r = 0, g = 0, b = 0]) => (r << 16) | (g << 8) | b,
  );
  const writer = new GifWriter(buffer, 3, 2, { palette, loop: 0 });
  writer.addFrame(0, 0, 3, 2, [0, 1, 2, 2, 3, 0], { transparent: 3, delay: 10 });
  writer.addFrame(0, 0, 3, 2, [1, 1, 1, 1, 1, 1], { delay: 10 });
  return buffer.slice(0, writer.end());
}
