/**
 * What the offline engine says when it cannot answer by quoting: no sources, nothing in them
 * about the question, or a request that needs generation (writing focus).
 */

export type NeedsModelReason = "no-sources" | "no-match" | "writing";

/** The knowledge-base guide on connecting a model (content/blog/connecting-a-model.md). */
export const MODEL_GUIDE_URL = "/blog/connecting-a-model";

const HOW_TO =
  "To get generated answers, the administrator of this Nexus server sets `LLM_BASE_URL`, " +
  "`LLM_API_KEY` and `LLM_MODEL` to any OpenAI-compatible API (for example Ollama at " +
  "`http://127.0.0.1:11434/v1` with `LLM_MODEL=llama3.1`) and restarts the server. " +
  `See [Connecting a language model](${MODEL_GUIDE_URL}) for Ollama, vLLM, LM Studio and hosted APIs.`;

const OPENING: Record<NeedsModelReason, string> = {
  "no-sources":
    "No sources were found for this question, and without a language model Nexus can only " +
    "answer by quoting its sources (offline mode). Try rephrasing the question.",
  "no-match":
    "None of the sources found mention this question closely enough to quote an answer, and " +
    "without a language model Nexus can only answer by quoting its sources (offline mode).",
  writing:
    "This request needs a language model to write new text, and this Nexus server has none " +
    "configured: in offline mode it can only answer questions by quoting its sources.",
};

/** What the engine searched before it gave up: the question and the titles it read. */
export interface Searched {
  question: string;
  titles: readonly string[];
}

/** The guide on search providers (content/blog/search-providers.md). */
export const SEARCH_GUIDE_URL = "/blog/search-providers";

const WEB_SEARCH =
  "To answer from the live web, set `SEARCH_PROVIDER` (SearXNG, Tavily or Brave): see " +
  `[Search providers](${SEARCH_GUIDE_URL}).`;

const MAX_TITLES = 4;

function searchedLine(what: Searched | undefined): string {
  if (!what) return "";
  const asked = what.question.replace(/\s+/g, " ").trim().slice(0, 200);
  if (what.titles.length === 0)
    return `\n\nNexus searched its local sources (the built-in guides and your files) for “${asked}” and found nothing.`;
  const titles = what.titles.slice(0, MAX_TITLES).map((t) => `“${t}”`);
  const more =
    what.titles.length > MAX_TITLES ? ` and ${what.titles.length - MAX_TITLES} more` : "";
  return `\n\nNexus searched its local sources for “${asked}”: the closest were ${titles.join(", ")}${more}, and none of them answers it.`;
}

export function needsModelMessage(reason: NeedsModelReason, what?: Searched): string {
  const web = reason === "writing" ? "" : ` ${WEB_SEARCH}`;
  return `${OPENING[reason]}${searchedLine(what)}\n\n${HOW_TO}${web}`;
}
