import type {
  ModelMessage,
  PrepareStepFunction,
  StopCondition,
  StreamTextOnStepFinishCallback,
  ToolSet,
  UIMessageChunk,
} from "ai";
import type { z } from "zod";
import type { Caller, Deps, TurnToSave, TurnVersion } from "../../deps.ts";
import type { ChatModel } from "../models.ts";
import type { KindDeclaration } from "./kind-declaration.ts";
import type { ChatTurn } from "./run-chat.ts";

/**
 * What every chat job carries (ARCHITECTURE.md §3.1). Plain data: a job crosses to a chat worker
 * as a structured clone, and `kind` names the ChatKind that runs it there.
 */
export interface ChatJob {
  kind: string;
  caller: Caller;
  /** The reply's id (its history entry, its message id). */
  entryId: string;
  threadId: string;
  /** The entry being regenerated: replaced when saved, not an earlier turn of itself. */
  replaces: string | undefined;
  reasoning: boolean;
}

/** One turn as a kind sees it while it runs (run-turn.ts makes it). */
export interface TurnContext<J extends ChatJob = ChatJob, S = unknown> {
  deps: Deps;
  job: J;
  model: ChatModel;
  signal: AbortSignal;
  /** What the turn has produced so far (text, reasoning, saved parts). */
  turn: ChatTurn;
  /** The kind's own state of this turn (its `state(job)`), for prepare, after and save. */
  state: S;
  /** Writes a chunk the person sees but the turn does not keep (a data part, a status). */
  write(chunk: UIMessageChunk): void;
  /** Writes a chunk that is part of the reply: recorded in `turn`, so it is saved too. */
  emit(chunk: UIMessageChunk): void;
}

/** The model call of a turn: the AI SDK's streamText options a kind chooses. */
export interface ModelCall {
  system: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  /** Model steps at most (a tool call and its result take one); default 1 without tools, 5 with. */
  maxSteps?: number;
  /** When to stop stepping (streamText's stopWhen); default stepCountIs(maxSteps). */
  stopWhen?: StopCondition<ToolSet> | StopCondition<ToolSet>[];
  /** streamText's prepareStep: the model, tools or messages of each step. */
  prepareStep?: PrepareStepFunction<ToolSet>;
  /** streamText's onStepFinish: called with each finished step (its text, calls, results, usage). */
  onStepFinish?: StreamTextOnStepFinishCallback<ToolSet>;
  /**
   * Where the model's chunks go instead of straight out (recorded in the turn first): a kind that
   * rewrites the reply as it streams (research's report cleans each line) writes onward itself.
   */
  pipe?: (chunk: UIMessageChunk) => void;
  /** The text the reply's language is detected in (default: the last user message's). */
  asked?: string;
}

/** What a kind's `prepare` decided: the model call, or a reply of its own (the offline engine). */
export interface TurnPlan {
  call?: ModelCall;
  /** Answers without the model call (the offline engine), writing through the context. */
  reply?: () => Promise<void>;
  /** After the reply, before it is saved (related questions…). */
  after?: () => Promise<void>;
}

/** What a kind keeps of a turn; the runtime adds its id, owner, thread, time and kind. */
export type TurnRecord = Omit<TurnToSave, "id" | "userId" | "threadId" | "timestamp" | "kind">;

/** A chat request as the route received it: who asks, the path's parameters, the body. */
export interface ChatRequest<B> {
  deps: Deps;
  caller: Caller;
  params: Record<string, string>;
  body: B;
}

/** What accepting a request gave: the job to run (its charge already taken, if any). */
export interface Accepted<J extends ChatJob> {
  job: J;
}

/**
 * How a turn ended, for its charge: it completed; it failed; the person stopped it; or its worker
 * died before it could end ("lost").
 */
export type TurnEnd = "completed" | "failed" | "stopped" | "lost";

/**
 * A kind's charge, declared once (ARCHITECTURE.md §3.1): `accept` takes it (a unit consumed or
 * reserved, refused with a 429 when none is left); `settle` keeps it or gives it back, once per
 * turn, however the turn ended. The runtime calls `settle` in one place, where the turn ran
 * (run-turn.ts: after the turn's last save, before its last part, so a reader who has the whole
 * reply sees its charge), or, when the turn's worker died, the worker pool does (`lost`).
 */
export interface ChargePolicy<J extends ChatJob> {
  settle(deps: Deps, job: J, end: TurnEnd): Promise<void>;
}

/**
 * A kind of chat (an answer, an agent's reply, a document chat…): data a module exports from
 * `modules/<x>/<x>.chat.ts`. run-turn.ts runs the one turn lifecycle for every kind; start-chat.ts
 * is every chat route's entry. `S` is the kind's own state of one turn.
 */
export interface ChatKind<J extends ChatJob = ChatJob, B = unknown, S = unknown>
  extends KindDeclaration {
  kind: J["kind"];
  /** The request body's schema (a 400 with the issues when it does not match). */
  request: z.ZodType<B>;
  /** What the person reads when the turn fails for a reason of ours. */
  failedText: string;
  /** What the person reads when they stopped the turn. */
  stoppedText: string;
  /** The accepting thread: validates, checks and charges the quota, makes the job. */
  accept(request: ChatRequest<B>): Promise<Accepted<J>>;
  /** The model the turn runs on. */
  model(deps: Deps, job: J): ChatModel;
  /** The reply's message metadata (its `start` part; its `finish` part unless `finish` says). */
  metadata(job: J, model: ChatModel): object;
  /** A fresh state for one turn. */
  state(job: J): S;
  /** Earlier turns, retrieval, tools: everything before the model call, and the call. */
  prepare(ctx: TurnContext<J, S>): Promise<TurnPlan>;
  /**
   * What the turn keeps (`stopped`: as far as it got, after a stop), or null to keep nothing. The
   * runtime saves it — a signed-in caller's only, as this kind's turn, with the job's entry id,
   * thread and the regenerated entry it replaces — awaited before the `finish` part.
   */
  record(
    ctx: TurnContext<J, S>,
    outcome: { stopped: boolean },
  ): TurnRecord | null | Promise<TurnRecord | null>;
  /** The saved turn's earlier versions (a regenerate), for the `finish` part's metadata. */
  saved?(ctx: TurnContext<J, S>, versions: readonly TurnVersion[]): void;
  /** The `finish` part's metadata (default: `metadata`). */
  finish?(ctx: TurnContext<J, S>): object;
  /** What a turn costs, and when it is given back (none: the kind charges nothing per turn). */
  charge?: ChargePolicy<J>;
  /** The error part's text for a failure (default: turn-failure.ts's wording). */
  failureText?(error: unknown, streamed: boolean): string;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds kinds of every job, body and state type
export type AnyChatKind = ChatKind<any, any, any>;

/** A registered kind: one that runs chat turns, or one declared only (research, run as a job). */
export type AnyKind = AnyChatKind | KindDeclaration;

/**
 * The kinds this server knows, by `kind`, in registration order (built from the modules' exports:
 * src/chat-kinds.ts). The first is the one a row of an unknown kind is presented as.
 */
export type ChatKinds = ReadonlyMap<string, AnyKind>;

export function chatKindRegistry(kinds: readonly AnyKind[]): ChatKinds {
  const map = new Map<string, AnyKind>();
  for (const kind of kinds) {
    if (map.has(kind.kind)) throw new Error(`chat kind "${kind.kind}" registered twice`);
    map.set(kind.kind, kind);
  }
  return map;
}

/** Whether a registered kind runs chat turns (it is a ChatKind, not only a declaration). */
export function runsTurns(kind: AnyKind): kind is AnyChatKind {
  return "prepare" in kind;
}

/** The chat kind that runs jobs named `name`. */
export function chatKindOf(kinds: ChatKinds, name: string): AnyChatKind {
  const kind = kinds.get(name);
  if (!kind || !runsTurns(kind)) throw new Error(`no chat kind "${name}" is registered`);
  return kind;
}

/** The declaration of kind `name`; a row of an unknown kind is presented as the first kind. */
export function declarationOf(kinds: ChatKinds, name: string | null | undefined): KindDeclaration {
  const kind = (name ? kinds.get(name) : undefined) ?? kinds.values().next().value;
  if (!kind) throw new Error("no chat kind is registered");
  return kind;
}

/** The error text of a chat that could not run (its worker died): its kind's, or a plain one. */
export function failedTextOf(kinds: ChatKinds, name: string): string {
  const kind = kinds.get(name);
  return kind && runsTurns(kind) ? kind.failedText : "The reply failed. Try again in a moment.";
}
