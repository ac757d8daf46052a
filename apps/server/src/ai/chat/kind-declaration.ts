import type {
  HistoryFilter,
  SharedAgent,
  StoredTurnShape,
  ThreadMessage,
  ThreadState,
  ThreadSubject,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";

/** A thread as a kind links it: its id, its subject's id (history's subject_id), its first query. */
export interface LinkedThread {
  threadId: string;
  subjectId: string | null;
  firstQuery: string;
}

/**
 * How a kind's threads are shared (ARCHITECTURE.md §3.1): what Settings' share list calls a link,
 * whether the reply's saved parts travel with it, how its text reads, and what it names.
 */
export interface SharePresentation {
  /** The reply's saved parts go with the share (an agent's tool blocks, a document's citations). */
  keepsParts: boolean;
  /** The reply's text as a share shows it (default: as saved). */
  text?(markdown: string): string;
  /** The agent a shared reply names (an agent conversation's). */
  agent?(deps: Deps, user: SessionUser, subjectId: string): Promise<SharedAgent | undefined>;
  /** The spec's `isPdfFlow`: a reply about one of the sharer's PDFs. */
  pdfFlow?(deps: Deps, user: SessionUser, subjectId: string): Promise<boolean>;
}

/**
 * Everything the product knows about a kind, declared once by the module that owns it
 * (`modules/<x>/<x>.chat.ts`, ARCHITECTURE.md §3.1 "A kind is declared once"): history, shares,
 * the thread API, Recent and Settings' share list read this and never branch on a kind's id. A
 * kind that runs a chat turn is a ChatKind (chat-kinds.ts), which is this and more.
 */
export interface KindDeclaration {
  /** Its id (contracts kinds.ts): history's `kind`, a chat job's `kind`. */
  kind: string;
  /** What lists call it ("Answer", "Agent", "Document chat", "Deep research"). */
  label: string;
  /** The history filter it is listed under (absent: only under "all"). */
  historyFilter?: HistoryFilter;
  /**
   * Its subjects' names by id, for their owner (an agent's name, a document's file name); an id it
   * cannot name is left out. Absent: the kind has no subject.
   */
  subjects?(
    deps: Pick<Deps, "db">,
    user: SessionUser,
    ids: readonly string[],
  ): Promise<ReadonlyMap<string, string>>;
  /** The badge's icon: a name of the web's kind icons ("bot", "telescope", "file-text"). */
  icon?: string;
  /** The badge a listed thread shows (default: its subject's name, else none). */
  badge?(subject: ThreadSubject | null): string | null;
  /**
   * Badges that depend on the thread, not only on its subject (a document chat over several files:
   * "report.pdf + 2 files"), by thread id, given its subjects' names; a thread left out keeps
   * `badge`'s.
   */
  threadBadges?(
    deps: Pick<Deps, "db">,
    user: SessionUser,
    threads: readonly LinkedThread[],
    names: ReadonlyMap<string, string>,
  ): Promise<ReadonlyMap<string, string>>;
  /** Where a thread of this kind opens in the app. */
  link(thread: LinkedThread): string;
  /** How a reply or thread of this kind is shared. */
  share: SharePresentation;
  /**
   * Older readers of thread summaries find the subject in this field (`agentId`, `documentId`);
   * kept until the web reads `subject` everywhere.
   */
  subjectField?: "agentId" | "documentId";
  /**
   * How its history turns become UI messages (contracts stored-turn.ts; default "conversation":
   * the saved parts, the subject as the reply's agent).
   */
  turnShape?: StoredTurnShape;
  /**
   * Its threads open before their first turn is saved (their id is made by the web: a document
   * chat's): GET /api/threads/:id?kind=&subject= answers one with no turn yet as an empty thread
   * about that subject, when `subjects` names it for the caller.
   */
  opensEmpty?: boolean;
  /**
   * A thread of this kind as UI messages, for GET /api/threads/:id, when its module keeps it
   * beyond history's turns (research's run, before and beside its report): null when the caller
   * has no such thread.
   */
  thread?(deps: Deps, user: SessionUser, threadId: string): Promise<KindThread | null>;
  /**
   * Its owner's threads whose work is going on or failed (a research running, or failed), newest
   * first: History and Recent list them with their state from their start, before any reply of
   * theirs is saved.
   */
  inProgress?(deps: Pick<Deps, "db">, user: SessionUser): Promise<ThreadInProgress[]>;
}

/** A thread whose work is going on or failed, as its kind lists it (KindDeclaration.inProgress). */
export interface ThreadInProgress {
  threadId: string;
  /** Its first query (a research's question). */
  title: string;
  subjectId: string | null;
  /** When it started (an ISO 8601 time). */
  startedAt: string;
  /** Its latest activity (its end, if it ended; an ISO 8601 time). */
  latestAt: string;
  state: ThreadState;
}

/** A thread read back by its kind: its subject and its UI messages. */
export interface KindThread {
  subject: ThreadSubject | null;
  messages: ThreadMessage[];
}
