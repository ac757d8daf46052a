// biome-ignore lint/style/noRestrictedImports: a Node-run test reading the server's preset files.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Bot } from "lucide-react";
import { describe, expect, it } from "vitest";
import { AGENT_ICONS, agentIcon } from "./agent-icons.ts";

// Not written as `new URL("…", import.meta.url)`: Vite rewrites that pattern into an asset URL.
// `.href` because under jsdom the global URL is jsdom's, which node:url does not accept.
const HERE = import.meta.url;
const PRESETS_DIR = fileURLToPath(
  new URL("../../../../../server/src/ai/agents/presets/", HERE).href,
);

function presetIcons(): Map<string, string> {
  const icons = new Map<string, string>();
  for (const file of readdirSync(PRESETS_DIR).filter((name) => name.endsWith(".md"))) {
    const match = /^icon:\s*["']?([a-z0-9-]+)["']?\s*$/m.exec(
      readFileSync(`${PRESETS_DIR}${file}`, "utf8"),
    );
    if (match?.[1]) icons.set(file, match[1]);
  }
  return icons;
}

describe("agent icons", () => {
  it("maps every icon a preset agent names", () => {
    const icons = presetIcons();
    expect(icons.size).toBeGreaterThanOrEqual(40);
    const missing = [...icons].filter(([, icon]) => !Object.hasOwn(AGENT_ICONS, icon));
    expect(missing).toEqual([]);
  });

  it("falls back to Bot for a name it does not know", () => {
    expect(agentIcon("no-such-icon")).toBe(Bot);
    expect(agentIcon(undefined)).toBe(Bot);
    expect(agentIcon("toString")).toBe(Bot);
    expect(agentIcon("message-circle")).not.toBe(Bot);
  });
});
