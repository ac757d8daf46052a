import {
  type AnswerSource,
  answerSourceSchema,
  type FocusMode,
  focusModeSchema,
  type HistoryFilter,
  type LibraryItem,
  type ThreadSummary,
} from "@nexus/contracts";
import type { ChatKinds } from "../../ai/chat/chat-kinds.ts";
import {
  type KindDeps,
  type KindRow,
  type PresentedKind,
  presentKinds,
} from "../../ai/chat/kind-presenter.ts";
import type { Deps, SessionUser } from "../../deps.ts";
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

/** Row → contract: the only way a thread summary leaves the server (`kind`: its kind's presentation). */
function presentThread(row: ThreadRow, kind: PresentedKind): ThreadSummary {
  const { legacy, ...presentation } = kind;
  return {
    threadId: row.thread_id,
    title: row.custom_title ?? row.first_query,
    firstQuery: row.first_query,
    firstTimestamp: row.first_ts,
    latestTimestamp: row.latest,
    focusMode: focusOf(row.focus_mode),
    messageCount: row.message_count,
    preview: markdownExcerpt(row.markdown, PREVIEW_CHARS),
    ...presentation,
    ...legacy,
    agentName: legacy.agentId ? presentation.badge : null,
    pinned: false,
  };
}

function presentLibraryItem(
  deps: Pick<Deps, "images">,
  row: LibraryRow,
  kind: PresentedKind,
): LibraryItem {
  const { legacy, ...presentation } = kind;
  return {
    entryId: row.id,
    threadId: row.thread_id,
    query: row.query,
    timestamp: row.ts,
    focusMode: focusOf(row.focus_mode),
    preview: markdownExcerpt(row.markdown, PREVIEW_CHARS),
    sources: presentSources(deps, sourcesOf(row.sources)),
    ...presentation,
    ...legacy,
  };
}

/** A page of threads, each presented as its kind declares (its subjects named at once). */
export async function presentThreads(
  deps: KindDeps,
  user: SessionUser,
  rows: readonly ThreadRow[],
): Promise<ThreadSummary[]> {
  const kinds = await presentKinds(deps, user, rows.map(kindRowOf));
  return rows.map((row, i) => presentThread(row, kindAt(kinds, i)));
}

/** A page of bookmarks, each presented as its thread's kind declares. */
export async function presentLibraryItems(
  deps: KindDeps & Pick<Deps, "images">,
  user: SessionUser,
  rows: readonly LibraryRow[],
): Promise<LibraryItem[]> {
  const kinds = await presentKinds(deps, user, rows.map(kindRowOf));
  return rows.map((row, i) => presentLibraryItem(deps, row, kindAt(kinds, i)));
}

/** The kinds whose declarations list them under `filter`. */
export function kindsUnder(kinds: ChatKinds, filter: HistoryFilter): string[] {
  return [...kinds.values()].filter((k) => k.historyFilter === filter).map((k) => k.kind);
}

function kindRowOf(row: ThreadRow | LibraryRow): KindRow {
  return {
    kind: row.kind,
    threadId: row.thread_id,
    subjectId: row.subject_id,
    firstQuery: "first_query" in row ? row.first_query : row.query,
  };
}

function kindAt(kinds: readonly PresentedKind[], i: number): PresentedKind {
  const kind = kinds[i];
  if (!kind) throw new Error("every row presents as a kind");
  return kind;
}
