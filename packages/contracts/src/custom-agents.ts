import { z } from "zod";
import { AGENT_TOOLS, type AgentTool } from "./agents.ts";

/** Custom agents (spec §2 agents/custom): limits of what a person defines. */
export const CUSTOM_AGENT_LIMITS = {
  name: 60,
  description: 160,
  instructions: 8000,
  starters: 4,
  starter: 200,
  /** Knowledge files one agent holds at most. */
  knowledgeFiles: 20,
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

/**
 * Tools a custom agent may be given. search-files is not chosen here: an agent has it exactly when
 * it has knowledge files (knowledgeFileIds), and it searches only those.
 */
export const CUSTOM_AGENT_TOOLS = AGENT_TOOLS.filter((t) => t !== "search-files");

/** What a create or replace with a knowledge file that is not the owner's (or is gone) gets. */
export const KNOWLEDGE_FILE_NOT_YOURS =
  "A knowledge file is not one of your files (it may have been deleted). Pick your files again.";

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  /**
   * The owner's files the agent knows (searches with its search-files tool): each must be one of
   * the owner's files, else 400 KNOWLEDGE_FILE_NOT_YOURS and nothing is saved.
   */
  knowledgeFileIds: z
    .array(z.string().regex(FILE_ID, "A knowledge file id is not valid."))
    .max(
      CUSTOM_AGENT_LIMITS.knowledgeFiles,
      `An agent knows at most ${CUSTOM_AGENT_LIMITS.knowledgeFiles} files.`,
    )
    .refine((ids) => new Set(ids).size === ids.length, "a knowledge file is listed twice")
    .default([]),
});
export type CustomAgentInput = z.infer<typeof customAgentInputSchema>;

/** A custom agent as exported: its definition without its knowledge files (files do not travel). */
export const portableCustomAgentSchema = customAgentInputSchema.omit({ knowledgeFileIds: true });
export type PortableCustomAgent = z.infer<typeof portableCustomAgentSchema>;

/**
 * A knowledge file as an export names it: its name and the SHA-256 of its bytes (null for a file
 * added before hashes were kept). The bytes do not travel.
 */
export const exportedKnowledgeSchema = z.strictObject({
  name: z.string().trim().min(1).max(255),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "A knowledge file's hash is not valid.")
    .nullable(),
});
export type ExportedKnowledge = z.infer<typeof exportedKnowledgeSchema>;

/**
 * An exported custom agent (GET …/:id/export; POST …/import takes it back). Knowledge files are
 * the owner's files, not portable: version 2 names them (`knowledge`: name and hash), and an
 * import keeps each one the importing person already has (the same bytes in their files) and
 * says which it dropped. Any `knowledgeFileIds` a file lists is ignored.
 */
export const customAgentExportSchema = z.strictObject({
  format: z.literal("nexus-custom-agent"),
  version: z.union([z.literal(1), z.literal(2)]),
  knowledge: z
    .array(exportedKnowledgeSchema)
    .max(CUSTOM_AGENT_LIMITS.knowledgeFiles, "An agent knows at most 20 files.")
    .optional(),
  agent: z.preprocess((value) => {
    if (typeof value !== "object" || value === null || !("knowledgeFileIds" in value)) return value;
    const { knowledgeFileIds: _ignored, ...rest } = value as Record<string, unknown>;
    return rest;
  }, portableCustomAgentSchema),
});
export type CustomAgentExport = z.infer<typeof customAgentExportSchema>;

/**
 * GET /api/custom-agents/shared/:token/preview (public: whoever holds the link): the agent's card
 * as a visitor sees it before signing in. Never its instructions or its files.
 */
export interface SharedAgentPreview {
  name: string;
  emoji: string;
  color: (typeof CUSTOM_AGENT_COLORS)[number];
  description: string;
  starters: string[];
  /** The display name of the person who shared it. */
  ownerName: string;
  /** How many files it answers from (their names stay the owner's). */
  knowledgeCount: number;
}

/** POST …/import's answer: the new agent, and which named knowledge files it kept or dropped. */
export type ImportedCustomAgent = CustomAgent & {
  knowledgeKept: string[];
  knowledgeDropped: string[];
};

/** One knowledge file as the agent's owner sees it. */
export interface CustomAgentKnowledgeFile {
  id: string;
  name: string;
  status: "queued" | "parsing" | "indexing" | "ready" | "failed";
  pages: number | null;
}

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
  /**
   * The files the agent searches, owner only (null for a link holder: the owner's files are read
   * only through the agent's chat, never listed or opened).
   */
  knowledgeFiles: CustomAgentKnowledgeFile[] | null;
  /** How many files the agent knows (everyone who may use it sees this). */
  knowledgeCount: number;
  /**
   * Whether it answers on this server: with a language model, or, without one, extractively from
   * its knowledge files (an agent with none needs a model).
   */
  available: boolean;
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

/**
 * `tool-search-files`'s output: numbered passages ("file name, p. N" for a knowledge file's; a
 * guide's title for a preset's search of Nexus's guides). n: the source number, null past the cap.
 */
export interface SearchFilesToolOutput {
  results: Array<{ n: number | null; title: string; url: string; text: string }>;
}

/**
 * The tools a custom agent's replies may use: those its owner gave it (this server's, known ones)
 * and search-files over its knowledge when it has some (as the server runs it).
 */
export function customAgentTools(
  agent: Pick<CustomAgent, "tools" | "knowledgeCount">,
): AgentTool[] {
  const given = CUSTOM_AGENT_TOOLS.filter((tool) => agent.tools.includes(tool));
  return agent.knowledgeCount > 0 ? [...given, "search-files"] : given;
}
