import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  AGENT_TOOLS,
  type AgentTool,
  PRESET_AGENT_IDS,
  PRESET_AGENT_INFO,
  type PresetAgent,
} from "@nexus/contracts";
import { afterAll, describe, expect, it } from "vitest";
import {
  loadPresetAgents,
  PRESETS_DIR,
  PresetAgentError,
  parsePresetAgent,
  presetAgent,
  presetAgents,
} from "./presets.ts";

const SOURCE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "presets");
const agents = presetAgents();
const byId = (id: string): PresetAgent => {
  const agent = presetAgent(id);
  if (!agent) throw new Error(`no preset ${id}`);
  return agent;
};
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
/** A copy of the presets folder in a temp dir, with `changes` applied (file → text, or null to delete). */
function presetsCopy(changes: Record<string, string | null>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-presets-"));
  tempDirs.push(dir);
  for (const file of fs.readdirSync(SOURCE_DIR))
    fs.copyFileSync(path.join(SOURCE_DIR, file), path.join(dir, file));
  for (const [file, text] of Object.entries(changes)) {
    if (text === null) fs.rmSync(path.join(dir, file));
    else fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
const urlQa = fs.readFileSync(path.join(SOURCE_DIR, "url-qa.md"), "utf8");
/** url-qa.md with one front matter line replaced (or removed when `to` is ""). */
function urlQaWith(from: string, to: string): string {
  expect(urlQa).toContain(`\n${from}\n`);
  return urlQa.replace(`\n${from}\n`, to === "" ? "\n" : `\n${to}\n`);
}

describe("preset agent files", () => {
  it("are found through the package, one file per id and nothing else", () => {
    expect(PRESETS_DIR).toBe(SOURCE_DIR);
    expect(PRESET_AGENT_IDS).toHaveLength(43);
    expect(fs.readdirSync(PRESETS_DIR).sort()).toEqual(
      PRESET_AGENT_IDS.map((id) => `${id}.md`).sort(),
    );
  });

  it("load once, in PRESET_AGENT_IDS order, and look up by id", () => {
    expect(agents.map((a) => a.id)).toEqual([...PRESET_AGENT_IDS]);
    expect(presetAgents()).toBe(agents);
    expect(presetAgent("url-qa")?.name).toBe("URL Q&A");
    expect(presetAgent("deepresearch")).toBeUndefined();
    expect(presetAgent("constructor")).toBeUndefined();
  });

  it("carry the catalogue's name and description", () => {
    for (const agent of agents) {
      expect({ id: agent.id, name: agent.name, description: agent.description }).toEqual({
        id: agent.id,
        ...PRESET_AGENT_INFO[agent.id],
      });
    }
  });

  it("offer 3 or 4 distinct starters that can be sent as they are", () => {
    for (const agent of agents) {
      expect(agent.starters.length, agent.id).toBeGreaterThanOrEqual(3);
      expect(agent.starters.length, agent.id).toBeLessThanOrEqual(4);
      expect(new Set(agent.starters).size, agent.id).toBe(agent.starters.length);
      // A starter ending in ":" waits for pasted text; clicking it would send half a request.
      for (const starter of agent.starters) expect(starter, agent.id).not.toMatch(/:$/);
    }
  });

  it("get the tools their job needs, and the special tools only where they belong", () => {
    for (const agent of agents) {
      for (const tool of agent.tools) expect(AGENT_TOOLS, agent.id).toContain(tool);
    }
    expect(byId("youtube-summarizer").tools).toContain("youtube-transcript");
    expect(byId("image-generator").tools).toContain("generate-image");
    expect(byId("code-buddy").tools).toContain("run-code");
    expect(byId("url-qa").tools).toContain("read-url");
    expect(byId("quick-answer").tools).toEqual(expect.arrayContaining(["web-search", "read-url"]));
    expect(byId("deepseekchat").tools).toEqual([]);
    // The course's tutor runs Python in the server's sandbox too (the learner's own runs are in
    // the browser's scratchpad).
    expect(byId("interactive-python-course").tools).toContain("run-code");
    const holders = (tool: AgentTool) =>
      agents.filter((a) => a.tools.includes(tool)).map((a) => a.id);
    expect(holders("youtube-transcript")).toEqual(["youtube-summarizer"]);
    expect(holders("generate-image")).toEqual(["image-generator"]);
    expect(holders("run-code").sort()).toEqual(["code-buddy", "interactive-python-course"]);
    // Both say what the sandbox has: JavaScript and Python, the standard library only.
    for (const id of ["code-buddy", "interactive-python-course"]) {
      expect(byId(id).prompt, id).toMatch(/\*\*run-code\*\* tool/);
      expect(byId(id).prompt, id).toMatch(/`language` to `(javascript` or `)?python`/);
      expect(byId(id).prompt, id).toMatch(/standard library/);
    }
  });

  it("give a form only to the structured helpers, each with a required free-text field", () => {
    const withForm = agents.filter((a) => a.form).map((a) => a.id);
    expect(withForm.sort()).toEqual(["email-response", "letter-generator", "title-generator"]);
    for (const id of withForm) {
      expect(
        byId(id).form?.some((f) => f.required && f.type === "textarea"),
        id,
      ).toBe(true);
    }
  });

  it("have a real system prompt, in the second person", () => {
    for (const agent of agents) {
      expect(words(agent.prompt), agent.id).toBeGreaterThanOrEqual(120);
      expect(agent.prompt, agent.id).toMatch(/^You /);
      expect(agent.prompt, agent.id).not.toContain("---");
    }
    const youtube = byId("youtube-summarizer").prompt;
    expect(youtube).toMatch(/could not be fetched/);
    expect(youtube).toMatch(/paste/);
    for (const id of ["therapist", "doctor", "companion"]) {
      expect(byId(id).prompt, id).toMatch(/emergency services|emergency number/);
    }
    expect(byId("legal").prompt).toMatch(/not legal advice/);
    // The Python course knows what the learner's in-browser Python can do (its scratchpad).
    const python = byId("interactive-python-course").prompt;
    expect(python).toMatch(/\*\*Run\*\* button/);
    expect(python).toMatch(/Send to\s+tutor/);
    expect(python).toMatch(/standard library/);
    expect(python).toMatch(/`input\(\)` does not work/);
    expect(python).toMatch(/10 seconds/);
  });

  it("name icons that lucide-react has under that name (not an alias)", () => {
    const lucide = path.dirname(
      createRequire(path.resolve(PRESETS_DIR, "../../../../../web/package.json")).resolve(
        "lucide-react/package.json",
      ),
    );
    for (const agent of agents) {
      const file = path.join(lucide, "dist/esm/icons", `${agent.icon}.mjs`);
      expect(fs.existsSync(file), `${agent.id}: ${agent.icon}`).toBe(true);
      expect(fs.readFileSync(file, "utf8"), agent.id).toContain(`name: "${agent.icon}"`);
    }
  });

  it("run without a model only where the job is answering from sources", () => {
    const offline = agents.filter((a) => !a.needsModel).map((a) => a.id);
    expect(offline).toEqual(
      expect.arrayContaining(["quick-answer", "url-qa", "product_info", "support"]),
    );
    for (const id of offline) {
      expect(
        byId(id).tools.some((t) => t !== "run-code" && t !== "generate-image"),
        id,
      ).toBe(true);
    }
    for (const id of [
      "deepseekchat",
      "writer",
      "story-generator",
      "image-generator",
      "code-buddy",
      "therapist",
      "comedian",
    ]) {
      expect(byId(id).needsModel, id).toBe(true);
    }
  });
});

describe("a malformed preset", () => {
  const expectError = (fn: () => unknown, pattern: RegExp) => {
    let error: unknown;
    try {
      fn();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PresetAgentError);
    expect((error as Error).message).toMatch(pattern);
  };

  it("fails to load, naming the file and the field", () => {
    const dir = presetsCopy({ "url-qa.md": urlQaWith("category: research", "category: gossip") });
    expectError(() => loadPresetAgents(dir), /url-qa\.md: category: /);
  });

  it("names the field for each kind of mistake", () => {
    const cases: [string, string, RegExp][] = [
      ["tools: [read-url, web-search]", "tools: [read-url, browse]", /tools\[1\]/],
      [
        "tools: [read-url, web-search]",
        "tools: [read-url, read-url]",
        /tools: a tool is listed twice/,
      ],
      ["needsModel: false", 'needsModel: "no"', /needsModel: /],
      ["needsModel: false", "", /needsModel: /],
      ["name: URL Q&A", "name: URL Questions", /name: must be "URL Q&A"/],
      ["icon: link", "icon: Link", /icon: must be a kebab-case icon name/],
      ["icon: link", "icon: link\ncolour: blue", /url-qa\.md: colour: is not a preset agent field/],
      ["icon: link", "icon: link\nprompt: hi", /prompt: is the file's body/],
      ["id: url-qa", "id: quick-answer", /id: must be "url-qa"/],
      ["icon: link", "icon: link\nicon: book", /not valid YAML: .*[Uu]nique/],
      ["icon: link", "icon: link\n\ticon2: x", /not valid YAML/],
      ["tools: [read-url, web-search]", "tools: [read-url, web-search", /not valid YAML/],
    ];
    for (const [from, to, pattern] of cases) {
      expectError(() => parsePresetAgent(urlQaWith(from, to), "url-qa.md"), pattern);
    }
    const noStarters = urlQa.replace(/starters:\n( {2}- .*\n)+/, "starters: []\n");
    expectError(() => parsePresetAgent(noStarters, "url-qa.md"), /starters: Too small/);
    const noPrompt = urlQa.replace(/\n---\n[\s\S]*$/, "\n---\n\n");
    expectError(() => parsePresetAgent(noPrompt, "url-qa.md"), /prompt: /);
    expectError(
      () => parsePresetAgent(urlQa.replace(/^---\n/, ""), "url-qa.md"),
      /must start with "---"/,
    );
  });

  it("is refused when a file is missing or one is extra", () => {
    expectError(
      () => loadPresetAgents(presetsCopy({ "writer.md": null })),
      /writer\.md: is missing/,
    );
    expectError(
      () => loadPresetAgents(presetsCopy({ "notes.txt": "hello" })),
      /notes\.txt: is not a preset/,
    );
  });
});
