import { z } from "zod";
import type { FocusMode } from "./answer.ts";
import type {
  AnswerAttachment,
  AnswerImage,
  AnswerSource,
  AnswerVideo,
  UnreadUrl,
} from "./chat-message.ts";

/**
 * One stored turn shape for every chat kind (search_history.parts): the reply as the AI SDK's
 * UI-message parts, as the stream produced them — answers: data-status (unread addresses),
 * source-url, data-sources, data-images, data-videos, reasoning, text, data-related; agents:
 * text, reasoning, source-url and tool-<name> parts. One converter each way:
 * `messageToStoredParts` (the parts to save) and `storedTurnToMessages` (the saved turn as the
 * question and the reply). Rows saved before answers kept parts have `parts` null: their parts
 * are derived from `results` (`storedTurnParts`).
 */

/** A saved reply part: an object with a type (its other fields are the SDK part's own). */
export type StoredPart = { type: string } & Record<string, unknown>;
export const storedPartSchema = z.looseObject({ type: z.string() });

/** Tool parts whose output text (a page, a transcript) is cut when saved (the model had it all). */
const LONG_TEXT_TOOLS = new Set(["tool-read-url", "tool-youtube-transcript"]);
/** Characters of a read page or transcript kept in a saved tool part. */
export const SAVED_PAGE_CHARS = 600;
/** Characters of a found passage kept in a saved search-files part. */
export const SAVED_PASSAGE_CHARS = 300;

const cut = (text: string, chars: number) =>
  text.length <= chars ? text : `${text.slice(0, chars)}…`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Parts shown while the reply streams but never kept (a retry status, a step boundary). */
function isTransient(part: StoredPart): boolean {
  if (part.type === "step-start") return true;
  if (part.type === "data-status") return !isRecord(part.data) || part.data.state !== "unread";
  return false;
}

function cutToolOutput(part: StoredPart): StoredPart {
  if (!("toolCallId" in part) || part.state !== "output-available" || !isRecord(part.output))
    return part;
  const output = part.output;
  if (part.type === "tool-search-files") {
    if (!Array.isArray(output.results)) return part;
    const results = output.results.map((r: unknown) =>
      isRecord(r) && typeof r.text === "string"
        ? { ...r, text: cut(r.text, SAVED_PASSAGE_CHARS) }
        : r,
    );
    return { ...part, output: { ...output, results } };
  }
  if (!LONG_TEXT_TOOLS.has(part.type) || typeof output.text !== "string") return part;
  return { ...part, output: { ...output, text: cut(output.text, SAVED_PAGE_CHARS) } };
}

/**
 * The parts of a reply to save: transient ones (a retry status, step boundaries) dropped, text and
 * reasoning kept as finished text, read pages', transcripts' and found passages' text cut.
 */
export function messageToStoredParts(message: { parts: readonly StoredPart[] }): StoredPart[] {
  return message.parts.flatMap((part): StoredPart[] => {
    if (isTransient(part)) return [];
    if (part.type === "text" || part.type === "reasoning") {
      const { state: _state, providerMetadata: _meta, ...rest } = part;
      return [rest];
    }
    return [cutToolOutput({ ...part })];
  });
}

/** What `results` of a saved turn holds (older rows may lack any of it). */
export interface StoredResults {
  markdown?: string;
  thinking?: string;
  sources?: AnswerSource[];
  images?: AnswerImage[];
  videos?: AnswerVideo[];
  related?: string[];
  unread?: UnreadUrl[];
  attachments?: AnswerAttachment[];
  model?: string;
  offline?: boolean;
  stopped?: boolean;
}

/** Saved parts read back from JSON: the objects with a type (null: none were saved). */
export function storedPartsOf(value: unknown): StoredPart[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter((p): p is StoredPart => isRecord(p) && typeof p.type === "string");
}

/** The text fields of saved results read back from JSON (an agent turn's, whose shape is loose). */
export function storedResultsOf(value: Readonly<Record<string, unknown>>): StoredResults {
  return {
    ...(typeof value.markdown === "string" ? { markdown: value.markdown } : {}),
    ...(typeof value.thinking === "string" ? { thinking: value.thinking } : {}),
    ...(value.offline === true ? { offline: true } : {}),
    ...(value.stopped === true ? { stopped: true } : {}),
  };
}

/** An answer's parts in the order its stream sends them, from its results (rows without parts). */
export function answerResultsToParts(results: StoredResults): StoredPart[] {
  const sources = results.sources ?? [];
  const parts: StoredPart[] = (results.unread ?? []).map((unread) => ({
    type: "data-status",
    data: { state: "unread", ...unread },
  }));
  for (const [index, source] of sources.entries())
    parts.push({
      type: "source-url",
      sourceId: String(index + 1),
      url: source.url,
      title: source.title,
    });
  parts.push({ type: "data-sources", data: sources });
  parts.push({ type: "data-images", data: results.images ?? [] });
  parts.push({ type: "data-videos", data: results.videos ?? [] });
  const thinking = results.thinking ?? "";
  if (thinking.trim() !== "") parts.push({ type: "reasoning", text: thinking });
  parts.push({ type: "text", text: results.markdown ?? "" });
  if (results.related && results.related.length > 0)
    parts.push({ type: "data-related", data: results.related });
  return parts;
}

/**
 * How a stored turn becomes chat messages (not a kind: a kind's declaration says which its turns
 * take): "answer" — the answer's metadata (focus mode, model), parts derived from its results
 * when it has none; "conversation" — an agent's metadata, the saved parts alone.
 */
export type StoredTurnShape = "answer" | "conversation";

/** A turn's reply parts: the saved ones, else (an older row) derived from its results. */
export function storedTurnParts(turn: {
  shape: StoredTurnShape;
  parts?: readonly StoredPart[] | null | undefined;
  results: StoredResults;
}): StoredPart[] {
  if (turn.parts) return [...turn.parts];
  if (turn.shape === "answer") return answerResultsToParts(turn.results);
  return [{ type: "text", text: turn.results.markdown ?? "" }];
}

/** One saved turn as the chat restores it (an answer entry, or an agent conversation's turn). */
export interface StoredTurn<V = unknown> {
  shape: StoredTurnShape;
  id: string;
  threadId: string;
  /** The question (the person's message). */
  query: string;
  /** The saved parts; null or absent: saved before the turn kept them (derived from results). */
  parts?: readonly StoredPart[] | null | undefined;
  results: StoredResults;
  /** Answers: the focus mode; agents: the agent ("custom:<id>" for a custom one). */
  focusMode?: FocusMode;
  agentId?: string;
  stopped?: boolean;
  /** Its earlier versions, oldest first (kept in the reply's metadata). */
  versions?: readonly V[];
}

/** A chat message as the AI SDK's UIMessage has it (the web narrows parts and metadata). */
export interface StoredTurnMessage {
  id: string;
  role: "user" | "assistant";
  parts: StoredPart[];
  metadata?: Record<string, unknown>;
}

/** UI parts keep finished text: the restored text and reasoning are done. */
function restored(part: StoredPart): StoredPart {
  return part.type === "text" || part.type === "reasoning" ? { ...part, state: "done" } : part;
}

/**
 * A saved turn as chat messages: the question as a user message (with its attached files), then
 * the reply as an assistant message whose id is the entry id (so "Regenerate" replaces that
 * entry). An agent turn saved without any reply part gives the question alone.
 */
export function storedTurnToMessages<V>(turn: StoredTurn<V>): StoredTurnMessage[] {
  const answer = turn.shape === "answer";
  const attachments = turn.results.attachments ?? [];
  const question: StoredTurnMessage = {
    id: answer ? `${turn.id}-q` : `${turn.id}-question`,
    role: "user",
    parts: [
      ...(attachments.length > 0 ? [{ type: "data-attachments", data: attachments }] : []),
      { type: "text", text: turn.query },
    ],
  };
  const parts = storedTurnParts(turn).map(restored);
  if (!answer && parts.length === 0) return [question];
  const stopped = turn.stopped ?? turn.results.stopped ?? false;
  const versions =
    turn.versions && turn.versions.length > 0 ? { versions: [...turn.versions] } : {};
  const metadata: Record<string, unknown> = answer
    ? {
        entryId: turn.id,
        threadId: turn.threadId,
        model: turn.results.model ?? "",
        offline: turn.results.offline ?? false,
        focusMode: turn.focusMode ?? "web",
        ...(stopped ? { stopped: true } : {}),
        ...versions,
      }
    : {
        entryId: turn.id,
        threadId: turn.threadId,
        agentId: turn.agentId ?? "",
        // Written by the offline engine: the restored reply says so, as it did while it streamed.
        ...(turn.results.offline === true ? { offline: true } : {}),
        ...(stopped ? { stopped: true } : {}),
        ...versions,
      };
  return [question, { id: turn.id, role: "assistant", metadata, parts }];
}
