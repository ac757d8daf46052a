import {
  DEFAULT_DISCOVER_TOPIC,
  type DiscoverTopic,
  isDiscoverTopic,
  type MeResponse,
} from "@nexus/contracts";
import { threadIdFromQueryAndId } from "@/config/paths.ts";
import { apiRequest } from "./api-client.ts";

/**
 * The GET requests an /app page shows first, started by src/main.tsx as the page loads (this
 * module is loaded for /app only, so the landing page does not carry it), beside the app's code
 * instead of after it: GET /api/me at once, and once it says someone is signed in, the screen's
 * own data (the agents catalogue, a saved thread). Each is taken once by the query that would
 * have asked: already arrived, as its first data (the first render of the screen has it); still
 * on its way, as its first fetch. Every later query asks again.
 */

/** What a screen expects a thread to be: of this kind, about this subject (threadQuerySchema). */
export interface ThreadExpectation {
  kind: string;
  subject: string;
}

/** API paths (under /api) shared with the queries that take the early answers. */
export const earlyPaths = {
  me: "/me",
  agents: "/agents",
  thread: (threadId: string, expected?: ThreadExpectation) =>
    `/threads/${encodeURIComponent(threadId)}${
      expected ? `?${new URLSearchParams({ kind: expected.kind, subject: expected.subject })}` : ""
    }`,
  research: (threadId: string) => `/research/${encodeURIComponent(threadId)}`,
  document: (documentId: string) => `/documents/${encodeURIComponent(documentId)}`,
  discover: (topic: DiscoverTopic) => `/discover?topic=${encodeURIComponent(topic)}`,
} as const;

/** What anyone's screen at `pathname` (with its `search`) asks for first: Discover's feed. */
export function publicRequests(pathname: string, search: string): string[] {
  if (!/^\/app\/discover\/?$/.test(pathname)) return [];
  const topic = new URLSearchParams(search).get("topic");
  return [earlyPaths.discover(isDiscoverTopic(topic) ? topic : DEFAULT_DISCOVER_TOPIC)];
}

/** The specialists' screens under /app/agents/<id>: not preset agents (no agent thread to ask). */
const SPECIALIST_SCREENS = new Set(["deepresearch", "structured-information-extraction"]);

/** A path segment as the router reads it; a malformed escape makes it nothing to ask for. */
function decoded(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** What a signed-in person's screen at `pathname` asks for first, beside GET /api/me. */
export function screenRequests(pathname: string): string[] {
  const document = /^\/app\/(?:pdf|document)-chat\/([^/]+)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (document) {
    const documentId = decoded(document[1]);
    if (documentId === null) return [];
    const threadId = decoded(document[2]);
    return threadId === null
      ? [earlyPaths.document(documentId)]
      : [
          earlyPaths.document(documentId),
          earlyPaths.thread(threadId, { kind: "document", subject: documentId }),
        ];
  }
  const answer = /^\/app\/search\/([^/]+)\/?$/.exec(pathname);
  if (answer) {
    const threadId = threadIdFromQueryAndId(decoded(answer[1]) ?? undefined);
    return threadId ? [earlyPaths.thread(threadId)] : [];
  }
  const agents = /^\/app\/agents(?:\/([^/]+)(?:\/([^/]+))?)?\/?$/.exec(pathname);
  if (!agents || agents[1] === "custom") return [];
  if (agents[1] === undefined) return [earlyPaths.agents];
  const agentId = decoded(agents[1]);
  if (agentId === null) return [];
  if (SPECIALIST_SCREENS.has(agentId)) {
    // A research (not its results list) is asked for early, with its thread (a finished one's
    // report as saved); the specialists have no agent thread.
    const threadId = decoded(agents[2]);
    return agentId === "deepresearch" && threadId && threadId !== "results"
      ? [earlyPaths.research(threadId), earlyPaths.thread(threadId)]
      : [];
  }
  if (agents[2] === undefined) return [earlyPaths.agents];
  const threadId = decoded(agents[2]);
  return threadId === null
    ? [earlyPaths.agents]
    : [earlyPaths.agents, earlyPaths.thread(threadId, { kind: "agent", subject: agentId })];
}

interface Early {
  request: Promise<unknown>;
  arrived: boolean;
  /** It failed (its query hears why when it takes it). */
  failed: boolean;
  value: unknown;
}

const early = new Map<string, Early>();
/** Paths whose query has asked already: too late to start them early. */
const asked = new Set<string>();

function start(path: string): Promise<unknown> | null {
  if (asked.has(path) || early.has(path)) return null;
  const request = apiRequest<unknown>(path);
  const entry: Early = { request, arrived: false, failed: false, value: undefined };
  early.set(path, entry);
  request.then(
    (value) => {
      entry.arrived = true;
      entry.value = value;
    },
    // Whoever takes it hears of a failure; until then it must not be reported as unhandled.
    () => {
      entry.failed = true;
    },
  );
  return request;
}

/**
 * Starts GET /api/me, anyone's screen requests and, for a signed-in person, the screen's own.
 * Resolves with whether someone is signed in (false when GET /api/me fails or was asked for
 * already), so the caller can start what only a signed-in person's screen needs.
 */
export function fetchEarly(pathname: string, search = ""): Promise<boolean> {
  const me = start(earlyPaths.me) as Promise<MeResponse> | null;
  if (!me) return Promise.resolve(false);
  for (const path of publicRequests(pathname, search)) start(path);
  const screen = screenRequests(pathname);
  return me.then(
    // Anonymous: the screen asks them to sign in and never sends these (a 401 would only be noise).
    (answer) => {
      if (!answer.user) return false;
      for (const path of screen) start(path);
      return true;
    },
    () => false,
  );
}

/**
 * Settles once every request started early for this page has its answer (or failed): what its
 * screen shows first. src/main.tsx keeps the server's first view up until then (within a limit),
 * so the screen replaces it with its content, not with its loading state.
 */
export function earlySettled(): Promise<void> {
  const settled = (): Promise<void> => {
    const pending = [...early.values()].filter((entry) => !entry.arrived && !entry.failed);
    return pending.length === 0
      ? Promise.resolve()
      : // Answers can start more (GET /api/me starts the screen's): look again once these settle.
        Promise.allSettled(pending.map((entry) => entry.request)).then(settled);
  };
  return settled();
}

function forget(path: string): void {
  asked.add(path);
  early.delete(path);
}

/**
 * The early request for `path`, left for its query to take (main.tsx reads a document's kind
 * from it, to start the PDF viewer); null when none was started or it was taken.
 */
export function peekEarly<T>(path: string): Promise<T> | null {
  return (early.get(path)?.request as Promise<T> | undefined) ?? null;
}

/** The early answer for `path` if it has arrived (then nothing is left to take). */
export function takeArrived<T>(path: string): T | undefined {
  const entry = early.get(path);
  if (!entry?.arrived) return undefined;
  forget(path);
  return entry.value as T;
}

/** The early request for `path`, arrived or not (then nothing is left to take). */
export function takeEarly<T>(path: string): Promise<T> | null {
  const entry = early.get(path);
  forget(path);
  return (entry?.request as Promise<T> | undefined) ?? null;
}
