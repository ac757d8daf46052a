import type { FocusMode } from "@nexus/contracts";
import { focusMarker, formatSources, type SourceInput } from "../../ai/offline/prompt-format.ts";

/** How each focus mode searches and what it tells the model. */
export interface FocusConfig {
  /** Search provider categories; null = no search (writing). */
  categories: string[] | null;
  /** Searches the user's files (the built-in help guides for questions about the product) instead of the web. */
  local: boolean;
  /** Words added to the search query (social: where discussions are). */
  queryHint: string;
  instruction: string;
}

export const FOCUS: Readonly<Record<FocusMode, FocusConfig>> = {
  web: {
    categories: ["general", "images", "videos"],
    local: false,
    queryHint: "",
    instruction: "Answer from the web sources below.",
  },
  academic: {
    categories: ["science"],
    local: false,
    queryHint: "",
    instruction:
      "Answer from the scholarly sources below (papers, preprints); name findings precisely and say where evidence is limited.",
  },
  video: {
    categories: ["videos"],
    local: false,
    queryHint: "",
    instruction: "Answer from the videos below; say which video covers what.",
  },
  social: {
    categories: ["general"],
    local: false,
    queryHint: "site:reddit.com OR site:news.ycombinator.com OR forum",
    instruction:
      "Answer from the discussions below (forums, Reddit, Hacker News); summarise the opinions and experiences people share, and where they disagree.",
  },
  writing: {
    categories: null,
    local: false,
    queryHint: "",
    instruction:
      "This is a writing request: write what the user asks for. There are no sources; do not cite.",
  },
  local: {
    categories: [],
    local: true,
    queryHint: "",
    instruction:
      "Answer from the user's files below (or, for a question about Nexus itself, its help guides).",
  },
};

const ATTACHED_INSTRUCTION =
  "The user attached files to this question: answer from the passages of those files below.";

/** The system prompt: focus marker, instructions, numbered sources (AI SDK prompt contract). */
export function systemPrompt(options: {
  focusMode: FocusMode;
  /** The question carries files: the sources are passages of those files only. */
  attached?: boolean;
  sources: readonly SourceInput[];
  now: Date;
}): string {
  const lines = [
    focusMarker(options.focusMode),
    "You are Nexus, an answer engine. Write a clear, well-structured answer in Markdown.",
    options.attached ? ATTACHED_INSTRUCTION : FOCUS[options.focusMode].instruction,
    `Today is ${options.now.toISOString().slice(0, 10)}.`,
  ];
  if (options.sources.length > 0)
    lines.push(
      "Cite the numbered sources for every claim with their numbers in brackets right after the sentence, like [1] or [2][3]. Use only these numbers. If the sources do not answer the question, say so.",
      formatSources(options.sources),
    );
  return lines.join("\n");
}

export const REWRITE_SYSTEM =
  "Rewrite the user's follow-up question into one standalone search query that can be understood without the conversation. Answer with the query only.";

export const RELATED_SYSTEM =
  "Suggest 4 short follow-up questions the user might ask next about this topic, each a complete question a person would type (a capital first, a question mark last, naming the subject rather than 'it'). Write them in the language of the question (a French question gets French questions). Ask about the topic of the question itself, never about this assistant or its guides unless the question was about them. One question per line, no numbering, nothing else.";
