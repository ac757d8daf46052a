import {
  type AnswerSource,
  answerSourceSchema,
  type FocusMode,
  focusModeSchema,
  type LibraryItem,
  type ThreadSummary,
} from "@nexus/contracts";
import type { Deps } from "../../deps.ts";
import { markdownExcerpt } from "../../lib/markdown-excerpt.ts";
import { presentSources } from "../images/images.service.ts";
import type { LibraryRow, ThreadRow } from "./history.repo.ts";

/** Characters of plain text in a thread or library preview. */
export const PREVIEW_CHARS = 240;

function focusOf(value: string): FocusMode {
  const focus = focusModeSchema.safeParse(value);
  return focus.success ? focus.data : "web";
}

function sourcesOf(value: unknown): AnswerSource[] {
  const raw = typeof value === "string" ? safeJson(value) : value;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((s) => {
    const parsed = answerSourceSchema.safeParse(s);
    return parsed.success ? [parsed.data] : [];
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Row → contract: the only way a thread summary leaves the server. */
export function presentThread(row: ThreadRow): ThreadSummary {
  return {
    threadId: row.thread_id,
    title: row.custom_title ?? row.first_query,
    firstQuery: row.first_query,
    firstTimestamp: row.first_ts,
    latestTimestamp: row.latest,
    focusMode: focusOf(row.focus_mode),
    messageCount: row.message_count,
    preview: markdownExcerpt(row.markdown, PREVIEW_CHARS),
    kind: kindOf(row.kind),
    agentId: row.kind === "agent" ? row.subject_id : null,
    agentName: row.kind === "agent" ? (row.agent_name ?? null) : null,
    documentId: row.kind === "document" ? row.subject_id : null,
  };
}

export function presentLibraryItem(deps: Pick<Deps, "images">, row: LibraryRow): LibraryItem {
  return {
    entryId: row.id,
    threadId: row.thread_id,
    query: row.query,
    timestamp: row.ts,
    focusMode: focusOf(row.focus_mode),
    preview: markdownExcerpt(row.markdown, PREVIEW_CHARS),
    sources: presentSources(deps, sourcesOf(row.sources)),
    kind: kindOf(row.kind),
    agentId: row.kind === "agent" ? row.subject_id : null,
    documentId: row.kind === "document" ? row.subject_id : null,
  };
}

/** How a thread opens: an agent conversation, a deep research, else an answer thread. */
function kindOf(kind: string | null | undefined): ThreadSummary["kind"] {
  return kind === "agent" || kind === "research" ? kind : "answer";
}
