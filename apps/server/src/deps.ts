import type { AnswerLanguage } from "@nexus/contracts";
import type { Db, ReadReplicas } from "@nexus/db";
import type { ChatKinds } from "./ai/chat/chat-kinds.ts";
import type { ChatRunner } from "./ai/chat/runners.ts";
import type { ModelRegistry } from "./ai/models.ts";
import type { Env } from "./env.ts";
import type { Mailer } from "./integrations/mail.ts";
import type { SearchProvider } from "./integrations/search/types.ts";
import type { Storage } from "./integrations/storage.ts";
import type { FetchPage } from "./integrations/web-fetch.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { RunEventHub } from "./jobs/run-events.ts";
import type { Clock } from "./lib/clock.ts";
import type { Logger } from "./lib/logger.ts";
import type { Metrics } from "./lib/metrics.ts";
import type { ImageUrls } from "./modules/images/image-urls.ts";

/** Everything a module needs from the outside world; tests build their own. */
/**
 * A module's own rows that belong to a thread, removed with it: only the caller's; true when there
 * were some (the thread existed, even with no entry yet, as a research still running).
 */
export type ThreadPart = (deps: Deps, user: SessionUser, threadId: string) => Promise<boolean>;

/** One finished (or stopped) turn of any chat kind, as the history keeps it (the runtime saves it). */
export interface TurnToSave {
  id: string;
  userId: string;
  threadId: string;
  timestamp: Date;
  /** Its kind's id (contracts kinds.ts). */
  kind: string;
  query: string;
  focusMode?: string;
  /** What history lists and searches: at least `markdown`. */
  results: Record<string, unknown>;
  /** What the kind's thread is with (an agent's id, a document's). */
  subjectId?: string | null;
  /** The reply as UI-message parts (contracts stored-turn.ts). */
  parts?: Array<Record<string, unknown>> | null;
}

/** An earlier version of a saved turn (the one it replaced when regenerated or edited). */
export interface TurnVersion {
  query: string;
  /** ISO 8601. */
  timestamp: string;
  results: Record<string, unknown>;
  parts: Array<Record<string, unknown>> | null;
}

/**
 * Where the chat runtime saves every kind's turns (src/turn-store.ts: the history module's
 * saveTurn): the turn replaces `replaces` (its earlier versions are returned, oldest first).
 */
export type TurnStore = (
  deps: Deps,
  options: { user: SessionUser; turn: TurnToSave; replaces: string | undefined },
) => Promise<TurnVersion[]>;

/** What a person's settings add to every chat of theirs (ai/chat/personal.ts). */
export interface PersonalPrompt {
  instructions: string;
  answerLanguage: AnswerLanguage;
}

/**
 * Where the chat runtime reads a person's settings (src/personal-settings.ts: the users module's
 * service), once per turn.
 */
export type PersonalSettingsReader = (deps: Deps, userId: string) => Promise<PersonalPrompt>;

export interface Deps {
  db: Db;
  /**
   * Streaming replicas for lag-tolerant reads (DATABASE_REPLICA_URLS); absent: every read on db.
   * Modules opt in per read through lib/read-db.ts (readDb(deps, c)), never implicitly.
   */
  replicas?: ReadReplicas;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  clock: Clock;
  /** The answer models: an OpenAI-compatible API, or the built-in offline engine. */
  models: ModelRegistry;
  /** The one search provider SEARCH_PROVIDER names. */
  search: SearchProvider;
  /** SSRF-safe outbound HTTP (integrations/web-fetch.ts). */
  webFetch: { fetchPage: FetchPage };
  /** Signs image addresses for the image proxy (key from PostgreSQL: images.repo.ts). */
  images: ImageUrls;
  /** The chat kinds this server runs (src/chat-kinds.ts: what the modules export). */
  chatKinds: ChatKinds;
  /**
   * What other modules keep of a thread, dropped before its entries are deleted (src/thread-parts.ts:
   * research's run, pages and sources).
   */
  threadParts: readonly ThreadPart[];
  /** Where the chat runtime saves turns (src/turn-store.ts: history's saveTurn). */
  saveTurn: TurnStore;
  /** Where the chat runtime reads the caller's personal settings (src/personal-settings.ts). */
  personalSettings: PersonalSettingsReader;
  /** Runs chat jobs off this thread (chat workers); absent: in this thread. */
  chatRunner?: ChatRunner;
  /** Uploaded files: DATA_DIR/files or STORAGE_URL (S3). */
  storage: Storage;
  /** The durable job queue (pg-boss); absent where no jobs are sent (chat workers). */
  jobs?: JobQueue;
  /** Live wake-ups for run events (LISTEN/NOTIFY); absent where no SSE is served. */
  runEvents?: RunEventHub;
  /** Prometheus metrics (lib/metrics.ts): this process's registry, or a chat worker's forwarder. */
  metrics: Metrics;
  /**
   * `draining` is set once SIGTERM starts a shutdown: /ready answers 503 from then (main.ts).
   * `jobsStopping`: the job runtime is stopping; a run's step in flight hands itself to another
   * instance (or to the next start) at once.
   */
  lifecycle: { draining: boolean; jobsStopping?: boolean };
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  photoUrl: string | null;
  orgName: string | null;
  orgId: string;
  tier: "free" | "pro";
  createdAt: Date;
  updatedAt: Date;
}

export interface AppVariables {
  requestId: string;
  /** performance.now() when the request reached the app (Server-Timing). */
  receivedAt: number;
  user: SessionUser | null;
  sessionIdHash: string | null;
  /** The browser's anonymous id (anon_{timestamp}_{random}) when it sent a well-formed one. */
  anonId: string | null;
  /**
   * The caller's address: the socket peer, or the X-Forwarded-For entry TRUST_PROXY hops from the
   * right. Limits key on clientNetworkKey(ip) (IPv6 /64), never on it directly.
   */
  ip: string;
}

export type AppEnv = { Variables: AppVariables };

/** Who is asking: a signed-in user, or an anonymous browser (its anonymous id) at an address. */
export interface Caller {
  user: SessionUser | null;
  anonId: string | null;
  ip: string;
}
