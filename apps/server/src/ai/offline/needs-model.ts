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

export function needsModelMessage(reason: NeedsModelReason): string {
  return `${OPENING[reason]}\n\n${HOW_TO}`;
}
