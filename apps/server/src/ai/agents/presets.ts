import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  frontMatterParts,
  PRESET_AGENT_IDS,
  type PresetAgent,
  presetAgentSchema,
} from "@nexus/contracts";
import { parse as parseYaml } from "yaml";

/**
 * The preset agents' files, one `<id>.md` per agent. Resolved through the package, as content/
 * is (integrations/search/knowledge-index.ts), so it also holds when the server runs from its
 * esbuild bundle in apps/server/dist.
 */
export const PRESETS_DIR = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve("@nexus/server/package.json")),
  "src/ai/agents/presets",
);

/** A preset file that cannot be used; the message names the file and the field. */
export class PresetAgentError extends Error {
  constructor(
    readonly file: string,
    readonly field: string | undefined,
    problem: string,
  ) {
    super(`Preset agent ${file}: ${field ? `${field}: ` : ""}${problem}`);
    this.name = "PresetAgentError";
  }
}

function fieldPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((s, i) => (typeof s === "number" ? `[${s}]` : `${i === 0 ? "" : "."}${String(s)}`))
    .join("");
}

/** The front matter (YAML between two "---" lines at the top) and the body of a preset file. */
function splitFrontMatter(
  text: string,
  file: string,
): { fields: Record<string, unknown>; body: string } {
  const { head, body } = frontMatterParts(text.replace(/^\uFEFF/, ""));
  if (!head)
    throw new PresetAgentError(
      file,
      undefined,
      'must start with "---", its front matter, and "---"',
    );
  let fields: unknown;
  try {
    // Strict: a key twice, a tab for indentation or anything YAML 1.2 does not allow is an error.
    fields = parseYaml(head.join("\n"), { strict: true, uniqueKeys: true, prettyErrors: true });
  } catch (error) {
    throw new PresetAgentError(
      file,
      undefined,
      `its front matter is not valid YAML: ${String((error as Error).message)}`,
    );
  }
  if (typeof fields !== "object" || fields === null || Array.isArray(fields))
    throw new PresetAgentError(file, undefined, "its front matter must be a set of fields");
  return { fields: fields as Record<string, unknown>, body };
}

/** Parses and validates the text of one preset file (`file` names it in errors). */
export function parsePresetAgent(text: string, file: string): PresetAgent {
  const parts = splitFrontMatter(text, file);
  // The file's name is the agent's id: check it first, as the name and description follow from it.
  const expectedId = path.basename(file, ".md");
  if (parts.fields.id !== undefined && parts.fields.id !== expectedId) {
    throw new PresetAgentError(file, "id", `must be "${expectedId}", the file's name`);
  }
  if (Object.hasOwn(parts.fields, "prompt")) {
    throw new PresetAgentError(file, "prompt", "is the file's body, not a front matter field");
  }
  const result = presetAgentSchema.safeParse({ ...parts.fields, prompt: parts.body.trim() });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === "unrecognized_keys") {
    throw new PresetAgentError(file, issue.keys.join(", "), "is not a preset agent field");
  }
  throw new PresetAgentError(
    file,
    issue ? fieldPath(issue.path) || "(front matter)" : undefined,
    issue?.message ?? "invalid",
  );
}

/**
 * Reads every preset in `dir`, in PRESET_AGENT_IDS order. The folder must hold exactly one
 * `<id>.md` per preset id and nothing else.
 */
export function loadPresetAgents(dir: string): PresetAgent[] {
  const files = fs.readdirSync(dir).sort();
  const expected = new Set(PRESET_AGENT_IDS.map((id) => `${id}.md`));
  const extra = files.filter((file) => !expected.has(file));
  if (extra.length > 0) {
    throw new PresetAgentError(extra.join(", "), undefined, `is not a preset agent (in ${dir})`);
  }
  const missing = [...expected].filter((file) => !files.includes(file));
  if (missing.length > 0) {
    throw new PresetAgentError(missing.join(", "), undefined, `is missing (in ${dir})`);
  }
  return PRESET_AGENT_IDS.map((id) =>
    parsePresetAgent(fs.readFileSync(path.join(dir, `${id}.md`), "utf8"), `${id}.md`),
  );
}

let cache: { list: readonly PresetAgent[]; byId: Map<string, PresetAgent> } | undefined;

function loaded() {
  if (!cache) {
    const list = loadPresetAgents(PRESETS_DIR);
    cache = { list, byId: new Map(list.map((agent) => [agent.id, agent])) };
  }
  return cache;
}

/** Every preset agent, in PRESET_AGENT_IDS order (read from disk once, on the first call). */
export function presetAgents(): readonly PresetAgent[] {
  return loaded().list;
}

/** The preset agent with this id, or undefined for any other string. */
export function presetAgent(id: string): PresetAgent | undefined {
  return loaded().byId.get(id);
}
