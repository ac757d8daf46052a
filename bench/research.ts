import {
  RESEARCH_CITATIONS_PART,
  type ResearchCitationsPart,
  type ResearchItem,
} from "@nexus/contracts";
import {
  defaultScript,
  modelHandler,
  notesIn,
  PAGE_HOST,
  promptOf,
  startPages,
} from "../apps/server/src/modules/research/research-engine-kit.ts";
import { withServerDatabase } from "../e2e/support/db.ts";
import { startAnswerStack } from "./lib/answer-stack.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

/**
 * Deep research (issue 26) with instant fakes (model, SearXNG, web pages on 127.0.0.7), against
 * the server process with its embedded PostgreSQL and job queue:
 * - orchestration per step (event to event: the job's pickup, its state and events, the fakes'
 *   own ~1 ms) and a standard-depth run from POST to its last event (targets ≤ 20 ms, ≤ 3 s);
 * - 10,000 events replayed to a client reconnecting from the start (target ≤ 200 ms);
 * - citation accuracy over 10 research questions whose fake notes include an invented quote:
 *   a citation is right when its quote is found in the text read and it is marked verified, or
 *   is not found and it is marked unverified (target 100%).
 */
const RUNS = Number(process.env.BENCH_RESEARCH_RUNS ?? 5);
const REPLAY_EVENTS = 10_000;
const REPLAY_ROUNDS = Number(process.env.BENCH_REPLAY_ROUNDS ?? 10);
const TARGETS = { stepMs: 20, runMs: 3_000, replayMs: 200, accuracy: 100 };

const SLUGS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
const QUESTIONS = [
  "How much of a solar panel can be recycled?",
  "What limits silver recovery from panels?",
  "Do collection schemes raise recycling rates?",
  "Which countries recycle the most panels?",
  "What happens to panel glass after recycling?",
  "Why is recycling costly for small plants?",
  "How were recycling rates measured?",
  "What share of glass is recovered?",
  "Which materials are hardest to recover?",
  "What do the studies disagree on?",
];

interface Event {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  at: string;
}

async function readEvents(origin: string, cookie: string, runId: string) {
  const res = await fetch(`${origin}/api/runs/${runId}/events`, { headers: { cookie } });
  if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
  const events: Event[] = [];
  let status = "";
  let buffer = "";
  const decoder = new TextDecoder();
  for await (const bytes of res.body) {
    buffer += decoder.decode(bytes as Uint8Array, { stream: true });
    for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? "";
      if (/^event: ?status$/m.test(block)) status = (JSON.parse(data) as { status: string }).status;
      else if (/^id: ?/m.test(block)) events.push(JSON.parse(data) as Event);
    }
  }
  return { events, status };
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

export async function research(): Promise<BenchResult> {
  const pages = await startPages();
  const base = defaultScript();
  // The report cites every note it was given: the invented quotes are cited too.
  const script = {
    ...base,
    report: (request: Parameters<typeof base.report>[0]) => ({
      kind: "text" as const,
      text: `## Summary\n\n${notesIn(promptOf(request))
        .map((id) => `A finding [${id}].`)
        .join(" ")}\n\n## Open questions\n\n- None.`,
    }),
  };
  const stack = await startAnswerStack({
    handler: modelHandler(() => script),
    users: 1,
    tier: "free",
    extraEnv: { WEB_FETCH_ALLOW_ADDRESSES: PAGE_HOST, TIER_LIMITS: "free.agent=10000" },
  });
  stack.searxng.corpus = {
    general: SLUGS.map((slug) => ({
      url: `http://${PAGE_HOST}:${pages.port}/page/${slug}?q={q}`,
      title: `Page ${slug}`,
      content: `About {q} (${slug}).`,
      engine: "duckduckgo",
    })),
    images: [],
    videos: [],
  };
  const origin = stack.server.origin;
  const db = <T>(run: Parameters<typeof withServerDatabase<T>>[0]) =>
    withServerDatabase(run, stack.dataDir);
  try {
    const cookie = stack.cookies[0] ?? "";
    const start = async (body: Record<string, unknown>) => {
      const res = await fetch(`${origin}/api/research`, {
        method: "POST",
        headers: { cookie, origin, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (res.status !== 201) throw new Error(`start: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as ResearchItem;
    };

    // 1. Standard runs, one at a time (the first warms up and is left out).
    const runMs: number[] = [];
    const stepMs = new Map<string, number[]>();
    const overheadMs = new Map<string, number[]>();
    let stepsPerRun = 0;
    for (let round = 0; round <= RUNS; round++) {
      const begun = performance.now();
      const item = await start({
        question: QUESTIONS[round % QUESTIONS.length],
        depth: "standard",
      });
      const { events, status } = await readEvents(origin, cookie, item.runId);
      const total = performance.now() - begun;
      if (status !== "succeeded") throw new Error(`a standard run ended ${status}`);
      if (round === 0) continue;
      runMs.push(total);
      // A step: from the previous step's end (its progress event) to its own; its work: from its
      // "running" event to its "done" one (the fakes' replies, page parsing, the engine's work).
      // Orchestration = the rest: the job's pickup, claim, state, events, the next job's send.
      let previous = Date.parse(events[0]?.at ?? "");
      let kind = "plan";
      let running = 0;
      let work = 0;
      let steps = 0;
      for (const event of events) {
        const at = Date.parse(event.at);
        if (event.type === "research-step" && event.payload.status === "running") {
          kind = String(event.payload.kind);
          running = at;
        }
        if (event.type === "research-step" && event.payload.status === "done") work = at - running;
        if (event.type !== "research-progress") continue;
        for (const key of [kind, "all"]) {
          stepMs.set(key, [...(stepMs.get(key) ?? []), at - previous]);
          overheadMs.set(key, [...(overheadMs.get(key) ?? []), at - previous - work]);
        }
        previous = at;
        work = 0;
        steps++;
      }
      stepsPerRun = steps;
    }

    // 2. Replay: 10,000 events of an ended run, read from the start.
    const payload = {
      id: "read-3",
      kind: "read",
      question: 3,
      status: "done",
      label: "Reading: how much of a solar panel can be recycled",
      detail: "3 pages read",
    };
    const replayRun = await db(async (client) => {
      const made = await client.query<{ id: string }>(
        `insert into runs (user_id, kind, subject_id, status, ended_at, last_seq)
         select id, 'research', 'bench-replay', 'succeeded', now(), $1 from users limit 1
         returning id`,
        [REPLAY_EVENTS],
      );
      const id = made.rows[0]?.id ?? "";
      await client.query(
        `insert into run_events (run_id, seq, type, payload)
         select $1, g, 'research-step', $2::jsonb from generate_series(1, $3::int) g`,
        [id, JSON.stringify(payload), REPLAY_EVENTS],
      );
      return id;
    });
    const replayMs: number[] = [];
    for (let round = 0; round <= REPLAY_ROUNDS; round++) {
      const begun = performance.now();
      const { events } = await readEvents(origin, cookie, replayRun);
      const took = performance.now() - begun;
      if (events.length !== REPLAY_EVENTS) throw new Error(`replayed ${events.length} events`);
      if (round > 0) replayMs.push(took);
    }

    // 3. Citation accuracy over 10 questions.
    let cited = 0;
    let found = 0;
    let right = 0;
    let unverified = 0;
    for (const question of QUESTIONS) {
      const item = await start({
        question,
        depth: "quick",
        subQuestions: [question, `${question} (evidence)`],
      });
      const { events } = await readEvents(origin, cookie, item.runId);
      const part = events
        .flatMap((e) =>
          e.type === "ui-chunks"
            ? (e.payload.chunks as Array<{ type: string; data?: unknown }>)
            : [],
        )
        .find((c) => c.type === RESEARCH_CITATIONS_PART)?.data as ResearchCitationsPart | undefined;
      const citations = part?.citations ?? [];
      const texts = await db(async (client) => {
        const rows = await client.query<{ source_id: number; text: string }>(
          "select source_id, text from research_pages where run_id = $1",
          [item.runId],
        );
        return new Map(rows.rows.map((r) => [r.source_id, r.text]));
      });
      for (const { note, source } of citations) {
        cited++;
        const inSource = normalise(texts.get(source.id) ?? "").includes(normalise(note.quote));
        if (inSource) found++;
        if (note.check === "unverified") unverified++;
        if (inSource === (note.check !== "unverified")) right++;
      }
    }

    const run$ = summarize(runMs);
    const rows = [...stepMs.entries()].flatMap(([kind, values]) => {
      const s = summarize(values);
      const o = summarize(overheadMs.get(kind) ?? []);
      return [
        [`step ${kind}: wall`, values.length, s.p50, s.p95, s.max],
        [`step ${kind}: orchestration (wall − work)`, values.length, o.p50, o.p95, o.max],
      ];
    });
    const replay = summarize(replayMs);
    const accuracy = cited === 0 ? 0 : Math.round((right / cited) * 1000) / 10;
    const allSteps = summarize(overheadMs.get("all") ?? []);
    const misses = [
      ...(allSteps.p50 <= TARGETS.stepMs
        ? []
        : [`research: orchestration per step p50 ${allSteps.p50} ms > ${TARGETS.stepMs} ms`]),
      ...(run$.p50 <= TARGETS.runMs
        ? []
        : [`research: standard run p50 ${run$.p50} ms > ${TARGETS.runMs} ms`]),
      ...(replay.p50 <= TARGETS.replayMs
        ? []
        : [`research: replay of 10,000 events p50 ${replay.p50} ms > ${TARGETS.replayMs} ms`]),
      ...(accuracy >= TARGETS.accuracy ? [] : [`research: citation accuracy ${accuracy}% < 100%`]),
    ];
    return {
      title: `Deep research with instant fakes (${RUNS} standard runs, ${REPLAY_ROUNDS} replays, ${QUESTIONS.length} accuracy runs)`,
      markdown: [
        markdownTable(
          ["measure", "n", "p50 ms", "p95 ms", "max ms"],
          [
            ...rows,
            [
              `standard run, POST to last event (${stepsPerRun} steps)`,
              runMs.length,
              run$.p50,
              run$.p95,
              run$.max,
            ],
            [
              `replay of ${REPLAY_EVENTS} events (SSE, from the start)`,
              replayMs.length,
              replay.p50,
              replay.p95,
              replay.max,
            ],
          ],
        ),
        "",
        markdownTable(
          [
            "citations",
            "quote found in its source",
            "marked unverified",
            "checked right",
            "accuracy",
          ],
          [[cited, found, unverified, right, `${accuracy}%`]],
        ),
        "",
        `Event times are the database's (now() of each insert, 1 ms resolution). Targets: orchestration per step p50 ≤ ${TARGETS.stepMs} ms — ${verdict(allSteps.p50 <= TARGETS.stepMs)}; standard run ≤ ${TARGETS.runMs} ms — ${verdict(run$.p50 <= TARGETS.runMs)}; replay ≤ ${TARGETS.replayMs} ms — ${verdict(replay.p50 <= TARGETS.replayMs)}; accuracy 100% — ${verdict(accuracy >= 100)}.`,
      ].join("\n"),
      misses,
    };
  } finally {
    await stack.stop();
    await pages.close();
  }
}
