import type { Harness } from "../harness.ts";

type Part = { type: string } & Record<string, unknown>;

/** One turn of a thread as GET /api/threads/:id gives it: its question and its reply. */
export interface RestoredTurn {
  /** The question's text. */
  text: string;
  /** The files attached to the question (its `data-attachments` part). */
  attachments?: unknown[];
  /** The reply's UI parts (none when the turn was saved without a reply). */
  parts: Part[];
  /** The reply's metadata: `entryId`, `agentId`, `stopped`, `versions` … */
  metadata: Record<string, unknown>;
  stopped?: boolean;
  versions?: unknown[];
}

export interface RestoredThread {
  status: number;
  kind?: string;
  subject?: { id: string; name: string } | null;
  turns: RestoredTurn[];
}

/**
 * GET /api/threads/:threadId (the one thread API), its UI messages paired back into turns, so a
 * test can say what it checks per turn: the question's text and files, the reply's parts, whether
 * it was stopped and its earlier versions. A status other than 200 gives no turns.
 */
export async function restoreThread(
  h: Pick<Harness, "request">,
  threadId: string,
  cookie: string,
): Promise<RestoredThread> {
  const res = await h.request(`/api/threads/${encodeURIComponent(threadId)}`, { cookie });
  if (res.status !== 200) return { status: res.status, turns: [] };
  const body = (await res.json()) as {
    kind: string;
    subject: { id: string; name: string } | null;
    messages: { role: string; parts: Part[]; metadata?: Record<string, unknown> }[];
  };
  const turns: RestoredTurn[] = [];
  for (const message of body.messages) {
    if (message.role === "user") {
      const text = message.parts.find((p) => p.type === "text")?.text;
      const files = message.parts.find((p) => p.type === "data-attachments")?.data;
      turns.push({
        text: typeof text === "string" ? text : "",
        ...(Array.isArray(files) ? { attachments: files } : {}),
        parts: [],
        metadata: {},
      });
      continue;
    }
    const turn = turns.at(-1);
    if (!turn) throw new Error("a reply without its question");
    const metadata = message.metadata ?? {};
    turn.parts = message.parts;
    turn.metadata = metadata;
    if (metadata.stopped === true) turn.stopped = true;
    if (Array.isArray(metadata.versions)) turn.versions = metadata.versions;
  }
  return { status: 200, kind: body.kind, subject: body.subject, turns };
}
