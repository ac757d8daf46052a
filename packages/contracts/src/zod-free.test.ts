import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { PRESET_AGENT_COUNT } from "./agent-count.ts";
import { PRESET_AGENT_IDS } from "./agents.ts";

// The web's first pages (the landing page, the app's home) take their strings and constants from
// these modules; a value import of zod, or of a module of schemas, would bring zod's chunk (27 KB
// gzip) into those pages (bench/initial-js.ts: the landing page went to 125 KB against its 90).
const ZOD_FREE = [
  "messages.ts",
  "answer-constants.ts",
  "kind-paths.ts",
  "discover-constants.ts",
  "file-constants.ts",
  "agent-count.ts",
  "nexdocs-sections.ts",
  "nexdocs-citation.ts",
];

const valueImports = (source: string) =>
  [...source.matchAll(/^import\s+(?!type\b)[^;]*?from\s+"([^"]+)"/gms)].map((match) => match[1]);

describe("the contracts' zod-free modules", () => {
  it.each(ZOD_FREE)("%s imports nothing but types", (file) => {
    const source = fs.readFileSync(new URL(`./${file}`, import.meta.url), "utf8");
    expect(valueImports(source)).toEqual([]);
  });

  it("counts the preset agents as their list does", () => {
    expect(PRESET_AGENT_COUNT).toBe(PRESET_AGENT_IDS.length);
  });

  it("tells a value import from a type import", () => {
    expect(valueImports('import { z } from "zod";\nimport type { A } from "./a.ts";\n')).toEqual([
      "zod",
    ]);
  });

  it("is what the web's message entry point exports", () => {
    const manifest = JSON.parse(
      fs.readFileSync(new URL("../package.json", import.meta.url), "utf8"),
    ) as { exports: Record<string, string> };
    expect(manifest.exports["./messages"]).toBe("./src/messages.ts");
  });
});
