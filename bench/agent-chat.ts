import http from "node:http";
import type { FakeHandler } from "../e2e/fakes/openai-server.ts";
import { closedLoop, firstModelToken, streamAnswer } from "./lib/answer-client.ts";
import { startAnswerStack } from "./lib/answer-stack.ts";
import { cpuMs } from "./lib/process-stats.ts";
import { type BenchResult, markdownTable, verdict } from "./lib/report.ts";
import { summarize } from "./lib/stats.ts";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const TARGET_FIRST_TOKEN_MS = 15;
const TARGET_TOOL_MS = 5;
const SEARCH_MARK = "[search]";

/** Text at once, or — for a message marked [search] without a tool result yet — a web search. */
const handler: FakeHandler = (request) => {
  if (!request.stream) return { kind: "text", text: "ok" };
  const hasToolResult = request.messages.some((m) => m.role === "tool");
  const last = JSON.stringify(request.messages.at(-1)?.content ?? "");
  if (!hasToolResult && last.includes(SEARCH_MARK))
    return { kind: "tool-calls", calls: [{ name: "web-search", arguments: { query: "tides" } }] };
  return { kind: "text", chunks: Array.from({ length: 20 }, (_, i) => `word${i} `) };
};

function searchOnce(agent: http.Agent, searxngUrl: string): Promise<void> {
  const url = new URL("/search", searxngUrl);
  url.searchParams.set("q", "tides");
  url.searchParams.set("format", "json");
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on("end", () => resolve());
      })
      .on("error", reject);
  });
}

/**
 * Agent chat on the real server (bundle, embedded PostgreSQL, one signed-in pro user) with an
 * instant fake model and SearXNG, one client at a time: the server's time to the first text
 * token beyond the model's own, and what one web-search tool round trip adds beyond the search
 * and the two model calls it takes.
 */
export async function agentChat(): Promise<BenchResult> {
  const stack = await startAnswerStack({ handler, users: 1, tier: "pro" });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const cookie = stack.cookies[0] ?? "";
  const chat = (agentId: string, text: string) =>
    streamAnswer({
      origin: stack.server.origin,
      agent,
      cookie,
      question: text,
      path: `/api/agents/${agentId}/chat`,
      body: { messages: [{ role: "user", parts: [{ type: "text", text }] }] },
    });
  try {
    const plain = () => chat("deepseekchat", "Hello there");
    const withTool = () => chat("quick-answer", `Why are there tides? ${SEARCH_MARK}`);
    await closedLoop({ clients: 1, durationMs: 2000, once: plain });
    await closedLoop({ clients: 1, durationMs: 2000, once: withTool });

    const cpu0 = cpuMs(stack.server.pid);
    const plainRun = await closedLoop({ clients: 1, durationMs: DURATION_S * 1000, once: plain });
    const cpu1 = cpuMs(stack.server.pid);
    const toolRun = await closedLoop({ clients: 1, durationMs: DURATION_S * 1000, once: withTool });
    const cpu2 = cpuMs(stack.server.pid);

    // The same upstream calls, directly: the model's first token; a tool call's whole response,
    // the search, and the second call's first token.
    const upstreamAgent = new http.Agent({ keepAlive: true });
    const modelOnly = await closedLoop({
      clients: 1,
      durationMs: 3000,
      once: async () => {
        const t = performance.now();
        await firstModelToken(upstreamAgent, stack.model.baseUrl);
        return performance.now() - t;
      },
    });
    const toolChain = await closedLoop({
      clients: 1,
      durationMs: 3000,
      once: async () => {
        const t = performance.now();
        await firstModelToken(
          upstreamAgent,
          stack.model.baseUrl,
          [{ role: "user", content: `tides ${SEARCH_MARK}` }],
          true,
        );
        await searchOnce(upstreamAgent, stack.searxng.url);
        await firstModelToken(upstreamAgent, stack.model.baseUrl, [
          { role: "user", content: "tides" },
          { role: "tool", content: "results" },
        ]);
        return performance.now() - t;
      },
    });
    upstreamAgent.destroy();

    const bad = [...plainRun.results, ...toolRun.results].filter(
      (t) => t.status !== 200 || t.error !== null || !t.finished || t.textMs === null,
    );
    const text = (runs: typeof plainRun.results) =>
      summarize(runs.flatMap((t) => (t.textMs === null ? [] : [t.textMs])));
    const plainText = text(plainRun.results);
    const toolText = text(toolRun.results);
    const model = summarize(modelOnly.results);
    const chain = summarize(toolChain.results);
    const overhead = Math.round((plainText.p50 - model.p50) * 10) / 10;
    const toolAdds = Math.round((toolText.p50 - chain.p50 - overhead) * 10) / 10;
    const cpuPlain = (cpu1.server - cpu0.server) / Math.max(1, plainRun.results.length);
    const cpuTool = (cpu2.server - cpu1.server) / Math.max(1, toolRun.results.length);
    const misses: string[] = [];
    if (overhead > TARGET_FIRST_TOKEN_MS)
      misses.push(`agent-chat: server overhead to first token p50 ${overhead} ms`);
    if (toolAdds > TARGET_TOOL_MS)
      misses.push(`agent-chat: a tool round trip adds ${toolAdds} ms of server time`);
    if (bad.length > 0) misses.push(`agent-chat: ${bad.length} failed replies (${bad[0]?.error})`);
    const markdown = [
      markdownTable(
        ["timing (ms)", "p50", "p95", "p99", "target", "verdict"],
        [
          [
            "server: first text-delta, deepseekchat (no tools)",
            plainText.p50,
            plainText.p95,
            plainText.p99,
            "",
            "(context)",
          ],
          [
            "upstream: fake model, first content chunk",
            model.p50,
            model.p95,
            model.p99,
            "",
            "(context)",
          ],
          [
            "**overhead to first token** (server − model, p50)",
            overhead,
            "",
            "",
            `≤ ${TARGET_FIRST_TOKEN_MS}`,
            verdict(overhead <= TARGET_FIRST_TOKEN_MS),
          ],
          [
            "server: first text-delta, quick-answer with one web-search",
            toolText.p50,
            toolText.p95,
            toolText.p99,
            "",
            "(context)",
          ],
          [
            "upstream: tool-call response + search + second call's first chunk",
            chain.p50,
            chain.p95,
            chain.p99,
            "",
            "(context)",
          ],
          [
            "**a tool round trip adds** (tool run − upstream chain − overhead, p50)",
            toolAdds,
            "",
            "",
            `≤ ${TARGET_TOOL_MS}`,
            verdict(toolAdds <= TARGET_TOOL_MS),
          ],
        ],
      ),
      "",
      `${plainRun.results.length} plain replies and ${toolRun.results.length} replies with a tool call, one at a time; ${bad.length} failed. ` +
        `Server CPU per reply: ${cpuPlain.toFixed(1)} ms plain, ${cpuTool.toFixed(1)} ms with a tool call (main thread and chat workers).`,
    ].join("\n");
    return {
      title: `Agent chat: POST /api/agents/:agentId/chat, one client, ${DURATION_S} s per case, instant fake model + SearXNG`,
      markdown,
      misses,
    };
  } finally {
    agent.destroy();
    await stack.stop();
  }
}
