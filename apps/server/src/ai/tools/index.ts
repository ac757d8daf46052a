import type { AgentTool } from "@nexus/contracts";
import type { ToolSet } from "ai";
import { readUrlTool } from "./read-url.ts";
import type { ToolContext } from "./tool-context.ts";
import { webSearchTool } from "./web-search.ts";

/** The tools that run on this server today; the others are left out of a call (and listed). */
const FACTORIES: Partial<Record<AgentTool, (ctx: ToolContext) => ToolSet[string]>> = {
  "web-search": webSearchTool,
  "read-url": readUrlTool,
};

/** The tools of an agent, by name, for one turn. */
export function toolsFor(names: readonly AgentTool[], ctx: ToolContext): ToolSet {
  const tools: ToolSet = {};
  for (const name of names) {
    const factory = FACTORIES[name];
    if (factory) tools[name] = factory(ctx);
  }
  return tools;
}

/** Whether a tool runs on this server. */
export const toolAvailable = (name: AgentTool) => FACTORIES[name] !== undefined;
