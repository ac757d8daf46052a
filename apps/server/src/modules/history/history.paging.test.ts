import type { HistoryPage } from "@nexus/contracts";
import { schema } from "@nexus/db";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import type { SessionUser } from "../../deps.ts";
import type { SearchStrategy } from "./history.repo.ts";
import * as history from "./history.service.ts";
import { seedEntries } from "./history-test-kit.ts";

/**
 * Property: whatever interleaving of new entries in existing threads, new threads and page
 * fetches (with and without a search), a paging session shows every thread that existed (and
 * matched) when it began exactly once, in order of latest activity as of that moment.
 */
let h: Harness;
let user: { cookie: string; userId: string };
let sessionUser: SessionUser;
beforeAll(async () => {
  h = await createHarness();
  user = await h.signIn("history-property@acme.com");
  const [row] = await h.db.db.select().from(schema.users).where(eq(schema.users.id, user.userId));
  if (!row) throw new Error("no user row");
  sessionUser = { ...row, tier: row.tier === "pro" ? "pro" : "free" };
});
afterAll(async () => {
  await h.close();
});

/** Ten words, 1–2 per query and 0–2 per answer: a search matches about half the threads. */
const WORDS = [
  "alpha",
  "beta",
  "gamma",
  "delta",
  "epsilon",
  "eta",
  "theta",
  "iota",
  "kappa",
  "lambda",
] as const;
/** "a" matches every answered entry ("Answer …"), so searches run to several pages too. */
const SEARCHES = ["a", "alpha", "gam", "e", "delt", "kappa", "zeta"] as const;

interface ModelEntry {
  id: string;
  thread: string;
  ts: number;
  answered: boolean;
  query: string;
  markdown: string;
}

const entryArb = fc.record({
  thread: fc.nat({ max: 90 }),
  /** One in ten entries has no answer: the lists ignore it. */
  unanswered: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  sameMs: fc.boolean(),
  salt: fc.stringMatching(/^[a-z0-9]{4}$/),
  queryWords: fc.subarray([...WORDS], { minLength: 1, maxLength: 2 }),
  answerWords: fc.subarray([...WORDS], { maxLength: 2 }),
});
type EntryGen = typeof entryArb extends fc.Arbitrary<infer T> ? T : never;
type EntryOp = { kind: "entry" } & EntryGen;
/**
 * A session's search: none, or a word searched the way the server chooses ("auto", over HTTP)
 * or with each strategy forced (through the service), since the tests never have enough matches
 * for the server to pick "threads" itself.
 */
const searchArb = fc.option(
  fc.record({
    q: fc.constantFrom(...SEARCHES),
    strategy: fc.constantFrom<SearchStrategy | "auto">("auto", "matches", "threads"),
  }),
  { freq: 2 },
);
type Search = { q: string; strategy: SearchStrategy | "auto" } | null;
/**
 * entry: a new entry (a new thread when its thread has none yet). fetch: the open session's next
 * page, or page 1 of a new session (searching `q`) when none is open. restart: abandon the open
 * session for a new one, as reloading the list does.
 */
type Op = EntryOp | { kind: "fetch"; search: Search } | { kind: "restart"; search: Search };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: entryArb.map((e): Op => ({ kind: "entry", ...e })) },
  { weight: 4, arbitrary: searchArb.map((search): Op => ({ kind: "fetch", search })) },
  { weight: 1, arbitrary: searchArb.map((search): Op => ({ kind: "restart", search })) },
);

const byPositionDesc = (a: ModelEntry, b: ModelEntry) =>
  b.ts - a.ts || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The threads a session beginning now must show, in order. */
function expectedThreads(entries: ModelEntry[], q: string | undefined): string[] {
  const answered = entries.filter((e) => e.answered);
  const matching = new Set(
    answered
      .filter(
        (e) =>
          q === undefined ||
          `${e.query} ${e.markdown}`
            .toLowerCase()
            .split(" ")
            .some((w) => w.startsWith(q)),
      )
      .map((e) => e.thread),
  );
  const latest = new Map<string, ModelEntry>();
  for (const e of [...answered].sort(byPositionDesc))
    if (!latest.has(e.thread)) latest.set(e.thread, e);
  return [...latest.values()]
    .sort(byPositionDesc)
    .map((e) => e.thread)
    .filter((t) => matching.has(t));
}

async function historyPage(s: Session): Promise<HistoryPage> {
  const { search, cursor } = s;
  if (search && search.strategy !== "auto") {
    return history.historyPage({
      deps: h.deps,
      user: sessionUser,
      cursor: cursor ?? undefined,
      q: search.q,
      strategy: search.strategy,
    });
  }
  const params = new URLSearchParams();
  if (cursor) params.set("cursor", cursor);
  if (search) params.set("q", search.q);
  const res = await h.request(`/api/history?${params}`, { cookie: user.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as HistoryPage;
}

interface Session {
  search: Search;
  expected: string[];
  shown: string[];
  cursor: string | null;
  done: boolean;
}

describe("history paging (property)", () => {
  it("never shows a thread twice, never skips one, keeps the snapshot's order", async () => {
    // Same-length lowercase ids: JavaScript's order is the database's whatever its collation.
    let counter = 0;
    await fc.assert(
      fc.asyncProperty(
        // "max": fast-check's default size keeps arrays near 10, too few threads for 3 pages.
        fc.array(entryArb, { maxLength: 160, size: "max" }),
        fc.array(opArb, { maxLength: 30, size: "max" }),
        async (initial, ops) => {
          await h.db.db.execute(sql`delete from search_history where user_id = ${user.userId}`);
          const entries: ModelEntry[] = [];
          let now = Date.UTC(2025, 0, 1);
          const add = async (batch: Omit<EntryOp, "kind">[]) => {
            const made = batch.map((e): ModelEntry => {
              if (!e.sameMs) now += 1;
              counter += 1;
              return {
                id: `${e.salt}${counter.toString(36).padStart(6, "0")}`,
                thread: `t${e.thread}`,
                ts: now,
                answered: !e.unanswered,
                query: e.queryWords.join(" "),
                markdown: e.unanswered ? "" : `Answer ${e.answerWords.join(" ")}`,
              };
            });
            entries.push(...made);
            await seedEntries(
              h,
              made.map((m) => ({
                userId: user.userId,
                id: m.id,
                threadId: m.thread,
                timestamp: new Date(m.ts),
                query: m.query,
                markdown: m.markdown,
              })),
            );
          };
          await add(initial);

          let session: Session | null = null;
          const fetchPage = async (s: Session) => {
            const page = await historyPage(s);
            expect(page.threads.length).toBeLessThanOrEqual(20);
            if (page.nextCursor !== null) expect(page.threads.length).toBe(20);
            s.shown.push(...page.threads.map((t) => t.threadId));
            s.cursor = page.nextCursor;
            s.done = page.nextCursor === null;
            // Always a prefix of what existed at the start: nothing twice, nothing skipped.
            expect(s.shown).toEqual(s.expected.slice(0, s.shown.length));
            if (s.done) expect(s.shown).toEqual(s.expected);
          };
          const begin = async (search: Search) => {
            session = {
              search,
              expected: expectedThreads(entries, search?.q),
              shown: [],
              cursor: null,
              done: false,
            };
            await fetchPage(session);
            // Entries saved after the snapshot carry a later timestamp (see the service).
            now += 1;
          };

          for (const op of ops) {
            if (op.kind === "entry") await add([op]);
            else if (op.kind === "restart") await begin(op.search);
            else if (session === null || (session as Session).done) await begin(op.search);
            else await fetchPage(session);
          }
          // Finish the open session: it must end with exactly what existed when it began.
          const open = session as Session | null;
          if (open !== null) while (!open.done) await fetchPage(open);
        },
      ),
      // 25 generated histories in `npm test` (CI's 20 minutes), 80 nightly (NIGHTLY=1).
      { numRuns: process.env.NIGHTLY === "1" ? 80 : 25 },
    );
  }, 120_000);
});
