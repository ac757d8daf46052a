import { z } from "zod";
import { AGENT_TOOLS } from "./agents.ts";

/** Custom agents (spec §2 agents/custom): limits of what a person defines. */
export const CUSTOM_AGENT_LIMITS = {
  name: 60,
  description: 160,
  instructions: 8000,
  starters: 4,
  starter: 200,
} as const;

/** Avatar colours (theme tokens the web app draws them with). */
export const CUSTOM_AGENT_COLORS = [
  "indigo",
  "sky",
  "teal",
  "green",
  "amber",
  "orange",
  "rose",
  "violet",
  "slate",
] as const;

/** Tools a custom agent may be given (search-files arrives with knowledge files). */
export const CUSTOM_AGENT_TOOLS = AGENT_TOOLS.filter((t) => t !== "search-files");

const singleEmoji = z
  .string()
  .trim()
  .min(1)
  .max(16)
  .refine(
    (v) => [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(v)].length === 1,
    {
      message: "must be one emoji",
    },
  )
  .refine((v) => /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(v), {
    message: "must be one emoji",
  });

/** POST /api/custom-agents, PATCH …/:id (all fields), and an exported agent's JSON. */
export const customAgentInputSchema = z.strictObject({
  name: z.string().trim().min(1, "A name is required").max(CUSTOM_AGENT_LIMITS.name),
  emoji: singleEmoji,
  color: z.enum(CUSTOM_AGENT_COLORS),
  description: z.string().trim().max(CUSTOM_AGENT_LIMITS.description).default(""),
  instructions: z
    .string()
    .trim()
    .min(1, "Instructions are required")
    .max(CUSTOM_AGENT_LIMITS.instructions),
  starters: z
    .array(z.string().trim().min(1).max(CUSTOM_AGENT_LIMITS.starter))
    .max(CUSTOM_AGENT_LIMITS.starters)
    .default([]),
  tools: z
    .array(z.enum(CUSTOM_AGENT_TOOLS as [string, ...string[]]))
    .max(CUSTOM_AGENT_TOOLS.length)
    .refine((tools) => new Set(tools).size === tools.length, "a tool is listed twice")
    .default([]),
  model: z.enum(["default", "reasoning"]).default("default"),
});
export type CustomAgentInput = z.infer<typeof customAgentInputSchema>;

/** An exported custom agent (GET …/:id/export; POST …/import takes it back). */
export const customAgentExportSchema = z.strictObject({
  format: z.literal("nexus-custom-agent"),
  version: z.literal(1),
  agent: customAgentInputSchema,
});
export type CustomAgentExport = z.infer<typeof customAgentExportSchema>;

/** A custom agent as its owner or a link holder sees it. */
export interface CustomAgent {
  id: string;
  name: string;
  emoji: string;
  color: (typeof CUSTOM_AGENT_COLORS)[number];
  description: string;
  /** Only its owner reads the instructions; a link holder uses the agent without them. */
  instructions: string | null;
  starters: string[];
  tools: string[];
  model: "default" | "reasoning";
  isOwner: boolean;
  /** The share link's path (/app/agents/custom/shared/<token>), owner only; null: not shared. */
  sharePath: string | null;
  updatedAt: string;
}

/** GET /api/custom-agents. */
export interface CustomAgentsResponse {
  own: CustomAgent[];
  sharedWithMe: CustomAgent[];
}

/** A custom agent conversation's history subject (search_history.subject_id). */
export const customAgentSubject = (agentId: string) => `custom:${agentId}`;
