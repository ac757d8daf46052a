import {
  ANSWER_THREAD_SESSION_KEY,
  type AnswerSource,
  FOCUS_MODES,
  type FocusMode,
  type ImportThreadRequest,
} from "@nexus/contracts";
import {
  browserSessionStorage,
  type KeyValueStorage,
  readJsonItem,
  writeItem,
} from "@/lib/storage.ts";

/** sessionStorage: the ids (JSON array) of the tab's anonymous threads whose "save it?" was answered. */
export const IMPORT_DECISION_SESSION_KEY = "nexus.answerThreadImportAsked";

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ => typeof value === "object" && value !== null;

function partsOf(message: Record_): Record_[] {
  return Array.isArray(message.parts) ? message.parts.filter(isRecord) : [];
}

function textOf(message: Record_): string {
  return partsOf(message)
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""))
    .join("");
}

function isSource(value: unknown): value is AnswerSource {
  return (
    isRecord(value) &&
    typeof value.title === "string" &&
    typeof value.url === "string" &&
    typeof value.domain === "string" &&
    (value.favicon === null || typeof value.favicon === "string") &&
    typeof value.snippet === "string"
  );
}

/** The answer's numbered sources (its last data-sources part); null when one is malformed. */
function sourcesOf(message: Record_): AnswerSource[] | null {
  let sources: unknown[] = [];
  for (const part of partsOf(message)) {
    if (part.type === "data-sources" && Array.isArray(part.data)) sources = part.data;
  }
  return sources.every(isSource) ? sources.slice(0, SOURCES_MAX) : null;
}

// The limits of importThreadRequestSchema (checked here without zod: this runs in the app shell).
const THREAD_ID = /^[A-Za-z0-9]{8,64}$/;
const TURNS_MAX = 50;
const QUERY_MAX = 4000;
const MARKDOWN_MAX = 200_000;
const SOURCES_MAX = 50;

const isFocusMode = (value: unknown): value is FocusMode =>
  typeof value === "string" && (FOCUS_MODES as readonly string[]).includes(value);

const isStopped = (message: Record_): boolean =>
  isRecord(message.metadata) && message.metadata.stopped === true;

/** One stored thread ({threadId, focusMode, messages}) as an import request, or null. */
function threadForImport(value: unknown): ImportThreadRequest | null {
  if (!isRecord(value) || !Array.isArray(value.messages)) return null;
  const { threadId, focusMode } = value;
  if (typeof threadId !== "string" || !THREAD_ID.test(threadId) || !isFocusMode(focusMode)) {
    return null;
  }
  const messages = value.messages.filter(isRecord);
  const turns: ImportThreadRequest["turns"] = [];
  for (const [index, message] of messages.entries()) {
    const answer = messages[index + 1];
    if (message.role !== "user" || answer?.role !== "assistant") continue;
    const query = textOf(message).trim();
    const markdown = textOf(answer);
    const stopped = isStopped(answer);
    // A stopped answer is kept as far as it got, even before its first word.
    if (query === "" || (markdown.trim() === "" && !stopped)) continue;
    const sources = sourcesOf(answer);
    if (sources === null) return null;
    if (query.length > QUERY_MAX || markdown.length > MARKDOWN_MAX) return null;
    turns.push({ query, markdown, sources, ...(stopped ? { stopped: true } : {}) });
  }
  if (turns.length === 0) return null;
  return { threadId, focusMode, turns: turns.slice(-TURNS_MAX) };
}

/**
 * The anonymous threads this tab keeps (features/answer writes them under
 * ANSWER_THREAD_SESSION_KEY: {threads: [{threadId, focusMode, messages}]}, most recent first;
 * finished and stopped question/answer pairs) as import requests; the ones that do not fit the
 * contract are left out.
 */
export function readSessionThreadsForImport(
  storage: KeyValueStorage | null = browserSessionStorage(),
): ImportThreadRequest[] {
  const value = readJsonItem(storage, ANSWER_THREAD_SESSION_KEY);
  if (!isRecord(value) || !Array.isArray(value.threads)) return [];
  return value.threads.flatMap((thread) => {
    const request = threadForImport(thread);
    return request ? [request] : [];
  });
}

function askedIds(storage: KeyValueStorage | null): string[] {
  const value = readJsonItem(storage, IMPORT_DECISION_SESSION_KEY);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}

export function wasImportAsked(
  threadId: string,
  storage: KeyValueStorage | null = browserSessionStorage(),
): boolean {
  return askedIds(storage).includes(threadId);
}

export function rememberImportAsked(
  threadId: string,
  storage: KeyValueStorage | null = browserSessionStorage(),
): void {
  const ids = askedIds(storage);
  if (!ids.includes(threadId))
    writeItem(storage, IMPORT_DECISION_SESSION_KEY, JSON.stringify([...ids, threadId]));
}
