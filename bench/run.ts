// `npm run bench`: builds the web app, then runs every benchmark and prints one markdown table each.
//   npm run bench                     all of them
//   npm run bench -- cold-start http  some of them (agent-chat, answer-latency, answer-load,
//                                     answer-profile, answer-renders, chat-cpu,
//                                     cold-start, http,
//                                     initial-js, lighthouse, offline, share-page, history-pages,
//                                     export (a 100-turn thread to PDF/Word/Markdown, history ZIP),
//                                     nexdocs (autosave round trip, 50-page DOCX/PDF export, route JS),
//                                     nexdocs-typing (keydown to paint in a 50-page document,
//                                     beside an empty textarea's floor; BENCH_TYPING_DISTS=
//                                     base=<dir>,change=<dir> compares web builds interleaved),
//                                     document-parse, image-proxy, files-retrieval, files-upload,
//                                     quote-match (citation verification per citation),
//                                     run-code (the code sandbox: JavaScript beside Python cold
//                                     and warm),
//                                     document-chat (first-token overhead, 1,000-passage document),
//                                     page-text (hostile web pages to text: before beside after),
//                                     pdf-viewer (the PDF viewer on a 300-page PDF),
//                                     document-viewer (a 10,000-row sheet's grid, find over
//                                     300 PDF pages),
//                                     research (deep research: per step, a standard run, replay of
//                                     10,000 events, citation accuracy; instant fakes),
//                                     extraction (100 sources × 10 fields: a run, per source,
//                                     quote alignment per cell; instant fakes),
//                                     soak: G13, SOAK_SECONDS long, 60 by default; nginx: through
//                                     deploy/nginx.conf, 1 and 2 instances, against direct;
//                                     replica: Debian primary + streaming replica, 2 instances,
//                                     nginx: replica lag under answer load, reads on the replica)
// BENCH_SKIP_BUILD=1 uses the existing apps/web/dist; BENCH_DURATION=<s> shortens the load runs.
// The answer benches run apps/server/dist/main.js (`npm run build:server`; the source via tsx if
// missing). BENCH_CLIENTS, BENCH_ANSWERS, BENCH_LOAD_USERS change their sizes; BENCH_RESULT_HOSTS=
// invalid points the fake results at DNS names; BENCH_CPU_PROF=<dir> writes the server's CPU profile;
// BENCH_SERVER_BUNDLE=<path to main.js> runs another build of the server (an A/B against a commit).
import { spawnSync } from "node:child_process";
import { REPO_ROOT } from "../e2e/support/server-process.ts";
import { agentChat } from "./agent-chat.ts";
import { answerLatency } from "./answer-latency.ts";
import { answerLoad } from "./answer-load.ts";
import { answerProfile } from "./answer-profile.ts";
import { answerRenders } from "./answer-renders.ts";
import { chatCpu } from "./chat-cpu.ts";
import { citationCheckBench } from "./citation-check.ts";
import { coldStart } from "./cold-start.ts";
import { documentChat } from "./document-chat.ts";
import { documentParse } from "./document-parse.ts";
import { documentViewerBench } from "./document-viewer.ts";
import { exportBench } from "./export.ts";
import { extraction } from "./extraction.ts";
import { filesRetrieval } from "./files-retrieval.ts";
import { filesUpload } from "./files-upload.ts";
import { historyPages } from "./history-pages.ts";
import { httpLoad } from "./http-load.ts";
import { imageProxy } from "./image-proxy.ts";
import { initialJs } from "./initial-js.ts";
import { type BenchResult, waitForQuietMachine } from "./lib/report.ts";
import { lighthouseBench } from "./lighthouse.ts";
import { nexdocsBench } from "./nexdocs.ts";
import { nexdocsTypingBench } from "./nexdocs-typing.ts";
import { nginxLoad } from "./nginx-load.ts";
import { offlineEngine } from "./offline-engine.ts";
import { pageTextBench } from "./page-text.ts";
import { pdfViewerBench } from "./pdf-viewer.ts";
import { quoteMatchBench } from "./quote-match.ts";
import { replicaLoad } from "./replica-load.ts";
import { research } from "./research.ts";
import { runCodeBench } from "./run-code.ts";
import { sharePage } from "./share-page.ts";
import { soak } from "./soak.ts";

const BENCHMARKS: Record<string, () => Promise<BenchResult>> = {
  "agent-chat": agentChat,
  "answer-latency": answerLatency,
  "answer-load": answerLoad,
  "answer-profile": answerProfile,
  "answer-renders": answerRenders,
  "chat-cpu": chatCpu,
  "cold-start": coldStart,
  "document-chat": documentChat,
  research,
  extraction,
  "run-code": runCodeBench,
  "document-parse": documentParse,
  "document-viewer": documentViewerBench,
  "files-retrieval": filesRetrieval,
  "files-upload": filesUpload,
  export: exportBench,
  "history-pages": historyPages,
  http: httpLoad,
  "image-proxy": imageProxy,
  "initial-js": initialJs,
  nexdocs: nexdocsBench,
  "nexdocs-typing": nexdocsTypingBench,
  lighthouse: lighthouseBench,
  nginx: nginxLoad,
  offline: offlineEngine,
  "page-text": pageTextBench,
  "pdf-viewer": pdfViewerBench,
  "quote-match": quoteMatchBench,
  "citation-check": citationCheckBench,
  replica: replicaLoad,
  "share-page": sharePage,
  soak,
};
/** Benchmarks that do not use the built web app. */
const WITHOUT_BUILD = new Set([
  "offline",
  "run-code",
  "quote-match",
  "citation-check",
  "soak",
  "nginx",
  "replica",
  "history-pages",
  "export",
  "document-parse",
  "image-proxy",
  "files-retrieval",
  "files-upload",
]);

const chosen = process.argv.slice(2).filter((a) => a !== "--");
const unknown = chosen.filter((name) => !(name in BENCHMARKS));
if (unknown.length > 0) {
  console.error(
    `unknown benchmark(s): ${unknown.join(", ")}; known: ${Object.keys(BENCHMARKS).join(", ")}`,
  );
  process.exit(2);
}

const needsBuild = chosen.length === 0 || chosen.some((name) => !WITHOUT_BUILD.has(name));
if (process.env.BENCH_SKIP_BUILD !== "1" && needsBuild) {
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build", "--silent"], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const misses: string[] = [];
let failed = false;
for (const [name, run] of Object.entries(BENCHMARKS)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue;
  try {
    // Other work on the machine skews every figure: wait for quiet, and say how quiet it was.
    const busy = await waitForQuietMachine();
    const result = await run();
    const background =
      busy === null
        ? ""
        : `\n\nCPU busy before the run: ${busy}%${busy > 15 ? " (the machine was NOT idle: figures are pessimistic)" : ""}`;
    console.log(`\n### ${result.title}\n\n${result.markdown}${background}\n`);
    misses.push(...result.misses);
  } catch (error) {
    failed = true;
    console.error(
      `\n### ${name}: failed\n\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
}
console.log(
  misses.length
    ? `Targets missed:\n${misses.map((m) => `- ${m}`).join("\n")}`
    : failed
      ? "A benchmark failed: its targets were not measured."
      : "All targets met.",
);
process.exit(failed ? 1 : 0);
