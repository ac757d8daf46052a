// `npm run test:nightly`: the long runs `npm test` leaves out, bounded in count and time; traffic
// stays on 127.0.0.1. Ends with one table (step, what it ran, result); exit 1 on any failure.
//   1. gates     the server suite with the long counts of the security gates (NIGHTLY=1): G1 fuzz
//                100,000 requests, G8 1,000 mutated documents of every format, G10 200 SIGKILL
//                cycles (tests that scale read NIGHTLY or their own override: FUZZ_RUNS,
//                PDF_FUZZ_COUNT, DOCUMENT_FUZZ_COUNT, CRASH_CYCLES);
//   2. build     npm run build (the web app and the server bundle the next steps run);
//   3. soak      G13: 30 minutes of streaming answers (bench/soak.ts, SOAK_SECONDS overrides):
//                0 failed answers, server RSS growth < 10%;
//   4. e2e       the whole E2E suite with E2E_FULL_MATRIX=1: every screenshot tour in all four
//                light/dark × desktop/phone combinations, the accessibility sweep of every page in
//                both modes, G7's 306 payloads and the in-browser Python course, which `npm test`
//                leaves out or shortens (playwright.config.ts NIGHTLY_ONLY; docs/operations.md).
// Arguments go to vitest (e.g. a file filter); the other steps then do not run.
// docs/operations.md lists what runs here and what runs in CI, with the counts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return { status: result.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) };
}

const counts = {
  fuzz: process.env.FUZZ_RUNS ?? "100000",
  crash: process.env.CRASH_CYCLES ?? "200",
  pdf: process.env.PDF_FUZZ_COUNT ?? "1000",
  documents: process.env.DOCUMENT_FUZZ_COUNT ?? "1000",
  soak: process.env.SOAK_SECONDS ?? "1800",
};
const extra = process.argv.slice(2);
const steps = [];
// vitest's exit status is not to be trusted here (a failed test has exited 0): its JSON report is.
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nexus-nightly-")), "vitest.json");
const gates = run(
  "npx",
  [
    "vitest",
    "run",
    "--project",
    "server",
    "--project",
    "server-isolated",
    // The web project too: its XSS sweep wraps every payload nightly (every other one in CI).
    "--project",
    "web",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...extra,
  ],
  {
    NIGHTLY: "1",
    FUZZ_RUNS: counts.fuzz,
    CRASH_CYCLES: counts.crash,
    PDF_FUZZ_COUNT: counts.pdf,
    DOCUMENT_FUZZ_COUNT: counts.documents,
    XSS_SWEEP_STRIDE: "1",
  },
);
let tests = null;
try {
  tests = JSON.parse(fs.readFileSync(report, "utf8"));
} catch {
  // no report: counted as a failure below
}
const failedTests = tests ? (tests.numFailedTests ?? 0) : 1;
const failedFiles = tests
  ? (tests.testResults ?? []).filter((r) => r.status === "failed").length
  : 1;
steps.push({
  name: "gates",
  what: `server and web suites: G1 fuzz ${counts.fuzz} requests, G8 ${counts.pdf} PDFs + ${counts.documents} per other format, G10 ${counts.crash} SIGKILL cycles, G7 every payload in jsdom (${tests?.numPassedTests ?? 0} passed, ${failedTests} failed)`,
  seconds: gates.seconds,
  status: gates.status !== 0 || failedTests > 0 || failedFiles > 0 ? gates.status || 1 : 0,
});
if (extra.length === 0) {
  const built = run("npm", ["run", "build"]);
  steps.push({ name: "build", what: "web app and server bundle", ...built });
  if (built.status === 0) {
    steps.push({
      name: "soak",
      what: `G13: ${counts.soak} s of streaming answers, 0 errors, RSS growth < 10%`,
      ...run(process.execPath, ["--import", "tsx", "bench/soak.ts"], {
        SOAK_SECONDS: counts.soak,
      }),
    });
    steps.push({
      name: "e2e",
      what: "every E2E tour, light/dark × desktop/phone",
      ...run("npx", ["playwright", "test"], { E2E_FULL_MATRIX: "1", NEXUS_TEST_SERVER: "bundle" }),
    });
  }
}
const rows = steps.map(
  (s) =>
    `| ${s.name} | ${s.what} | ${s.seconds} s | ${s.status === 0 ? "passed" : `FAILED (exit ${s.status})`} |`,
);
console.log(
  ["", "| step | what | time | result |", "| --- | --- | --- | --- |", ...rows].join("\n"),
);
process.exit(steps.some((s) => s.status !== 0) ? 1 : 0);
