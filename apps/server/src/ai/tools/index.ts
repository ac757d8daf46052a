import type { AgentTool } from "@nexus/contracts";
import { asSchema, type Schema, type Tool, type ToolSet } from "ai";
import { generateImageTool } from "./generate-image.ts";
import { readUrlTool } from "./read-url.ts";
import { runCodeTool } from "./run-code.ts";
import { searchFilesTool } from "./search-files.ts";
import type { ToolContext } from "./tool-context.ts";
import { webSearchTool } from "./web-search.ts";
import { youtubeTranscriptTool } from "./youtube-transcript.ts";

/** The tools that run on this server today; the others are left out of a call (and listed). */
const FACTORIES: Partial<Record<AgentTool, (ctx: ToolContext) => Tool>> = {
  "web-search": webSearchTool,
  "read-url": readUrlTool,
  "generate-image": generateImageTool,
  "youtube-transcript": youtubeTranscriptTool,
  "run-code": runCodeTool,
  "search-files": searchFilesTool,
};

/** Tool calls one reply may make, all tools together (each call has its own time and size caps). */
export const MAX_TOOL_CALLS_PER_TURN = 8;

/**
 * Each input schema as the model is given it, converted once: streamText turns a zod schema into
 * JSON Schema for every model step, and a tool round trip takes two steps (the schemas are module
 * constants of the tool files, so one conversion serves every turn; validation is the schema's own).
 */
const converted = new WeakMap<object, Schema>();

function modelSchema(schema: Tool["inputSchema"]): Schema {
  let known = converted.get(schema);
  if (!known) {
    known = asSchema(schema);
    converted.set(schema, known);
  }
  return known;
}

/**
 * The tools of an agent, by name, for one turn. Calls beyond MAX_TOOL_CALLS_PER_TURN fail with a
 * message the model reads (a step may ask for many calls at once; steps are capped by runChat).
 */
export function toolsFor(names: readonly AgentTool[], ctx: ToolContext): ToolSet {
  let calls = 0;
  const tools: ToolSet = {};
  for (const name of names) {
    const factory = FACTORIES[name];
    if (!factory) continue;
    const made = factory(ctx);
    const execute = made.execute;
    if (!execute) continue;
    tools[name] = {
      ...made,
      inputSchema: modelSchema(made.inputSchema),
      execute: async (input: unknown, options: Parameters<typeof execute>[1]) => {
        calls++;
        if (calls > MAX_TOOL_CALLS_PER_TURN)
          throw new Error(
            `This reply has used its ${MAX_TOOL_CALLS_PER_TURN} tool calls: answer with what you have.`,
          );
        return execute(input, options);
      },
    } as Tool;
  }
  return tools;
}

/** Whether a tool runs on this server. */
export const toolAvailable = (name: AgentTool) => FACTORIES[name] !== undefined;
