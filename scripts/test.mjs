// `npm test`: the whole suite, as CI runs it. Every step runs even after a failure, each step's
// counts come from machine-readable reports, and the run ends with one line
// `N passed, N failed` (plus `, N skipped` when there are skipped tests); exit 1 on any failure.
//
//   1. check     npm run check (typecheck + Biome)                    counts as one test
//   2. build     npm run build (the web app)                          counts as one test
//   3. unit      vitest, every project, embedded PostgreSQL
//   4. external  vitest, server project, Debian PostgreSQL through TEST_DATABASE_URL, on the second
//                supported Node (node-lts.mjs: Node 22 LTS from the npm registry)
//   5. start-up  `npm start` on that Node: healthy, serves the app, stops cleanly on SIGTERM
//   6. e2e       Playwright in Chromium against the built app
//
// Reports go to test-output/ (Playwright empties its own outputDir, e2e-output/).

import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findDebianPostgres, start as startDebianPostgres } from "./debian-postgres.mjs";
import { nodeBin, SECOND_NODE_VERSION, withNode } from "./node-lts.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, "test-output");
const isCI = process.env.CI === "true" || process.env.CI === "1";
fs.mkdirSync(reports, { recursive: true });

/** Runs a command with inherited output; resolves with its exit status. */
function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (isCI ? "0" : "1"), ...env },
  });
  if (result.error) console.error(String(result.error));
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** A step whose only result is its exit status (counts as one test). */
function single(status) {
  return status === 0
    ? { passed: 1, failed: 0, skipped: 0 }
    : { passed: 0, failed: 1, skipped: 0, note: `exit ${status}` };
}

// Runs a command showing its output, and on failure keeps its last lines to name at the end.
function runNamed(command, args) {
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  process.stdout.write(result.stdout ?? "");
  process.stderr.write(result.stderr ?? "");
  const status = result.status ?? 1;
  const counts = single(status);
  if (status !== 0) {
    const lines = `${result.stdout ?? ""}\n${result.stderr ?? ""}`
      .split("\n")
      .filter((line) => line.trim() && !/^\s*[>│]/.test(line));
    // tsc's "file(line,col): error TS…", Biome's "file rule ━━━" headers and its × lines.
    const errors = lines
      .filter((line) => /error|×|✖|failed|━━/i.test(line))
      .map((line) => line.replace(/\s*━+\s*$/, ""))
      .slice(0, 12);
    counts.failures = [
      `${command} ${args.join(" ")} (exit ${status})\n    ${(errors.length ? errors : lines.slice(-12)).join("\n    ")}`,
    ];
  }
  return counts;
}

/** Counts from a vitest JSON report; a file that failed outside any test counts as one failure. */
function vitestCounts(file, status) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: `no report (exit ${status})` };
  const fileErrors = (report.testResults ?? []).filter(
    (r) => r.status === "failed" && !(r.assertionResults ?? []).some((a) => a.status === "failed"),
  ).length;
  const counts = {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + fileErrors,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
  if (fileErrors > 0) counts.note = `${fileErrors} file(s) failed outside a test`;
  counts.failures = vitestFailures(report);
  if (status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.note = `exit ${status} with no failed test`;
  }
  return counts;
}

/** The first lines of an error, so the end of the log names what failed and why. */
function firstLines(text, lines = 6) {
  return String(text ?? "")
    .split("\n")
    .filter((line) => line.trim())
    .slice(0, lines)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join("\n");
}

function vitestFailures(report) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name ?? "");
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed)
      failures.push(`${name} › ${a.fullName}\n${firstLines((a.failureMessages ?? []).join("\n"))}`);
    if (file.status === "failed" && failed.length === 0)
      failures.push(`${name} (outside a test)\n${firstLines(file.message)}`);
  }
  return failures;
}

function vitest(name, args, env = {}) {
  const file = path.join(reports, `vitest-${name}.json`);
  fs.rmSync(file, { force: true });
  const status = run(
    "npx",
    [
      "vitest",
      "run",
      ...args,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${file}`,
    ],
    env,
  );
  return vitestCounts(file, status);
}

/** Counts from the Playwright JSON report; errors outside tests (setup, web server) are failures. */
function playwright() {
  const file = path.join(reports, "playwright.json");
  fs.rmSync(file, { force: true });
  const status = run("npx", ["playwright", "test"], { E2E_JSON_REPORT: file });
  const report = readJson(file);
  if (!report?.stats)
    return { passed: 0, failed: 1, skipped: 0, note: `no report (exit ${status})` };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const errors = (report.errors ?? []).length;
  const counts = { passed: expected + flaky, failed: unexpected + errors, skipped };
  counts.failures = [
    ...playwrightFailures(report.suites ?? []),
    ...(report.errors ?? []).map((e) => `outside a test\n${firstLines(e.message)}`),
  ];
  counts.flakes = playwrightFailures(report.suites ?? [], [], "flaky");
  const notes = [];
  if (flaky) notes.push(`${flaky} flaky`);
  if (errors) notes.push(`${errors} error(s) outside tests`);
  if (status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    notes.push(`exit ${status} with no failed test`);
  }
  if (notes.length) counts.note = notes.join(", ");
  return counts;
}

/**
 * The page's main content when the test failed (Playwright's error context: its ARIA snapshot),
 * from the `main` landmark on: CI keeps no files, and the screenshot alone never reaches the log.
 */
function pageAtFailure(result, lines = 40) {
  const context = (result?.attachments ?? []).find((a) => a.name === "error-context" && a.path);
  if (!context) return "";
  let text;
  try {
    text = fs.readFileSync(context.path, "utf8");
  } catch {
    return "";
  }
  const snapshot = text.split("# Page snapshot")[1]?.split("```")[1] ?? "";
  const all = snapshot.split("\n").filter((line) => line.trim() && line.trim() !== "yaml");
  const main = all.findIndex((line) => /^\s*- main\b/.test(line));
  const shown = all.slice(Math.max(main, 0), Math.max(main, 0) + lines);
  if (shown.length === 0) return "";
  return `\n      page at the failure (from its main landmark):\n${shown.map((l) => `        ${l.slice(0, 200)}`).join("\n")}`;
}

/** Tests whose last try failed (`status`: "unexpected"), or that passed only when tried again ("flaky": the first try's failure). */
function playwrightFailures(suites, failures = [], status = "unexpected") {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== status) continue;
        const results = test.results ?? [];
        const last =
          status === "flaky" ? results.find((r) => r.status !== "passed") : results.at(-1);
        failures.push(
          `${spec.file}:${spec.line} › ${spec.title}\n${firstLines(last?.error?.message ?? last?.status)}${pageAtFailure(last)}`,
        );
      }
    }
    playwrightFailures(suite.suites ?? [], failures, status);
  }
  return failures;
}

/** The second Node's bin folder, or null (with the reason printed) when it cannot be had. */
let secondNode;
function secondNodeBin() {
  if (secondNode !== undefined) return secondNode;
  try {
    secondNode = nodeBin();
    console.log(`Node ${SECOND_NODE_VERSION}: ${secondNode}`);
  } catch (error) {
    console.log(`\n*** Node ${SECOND_NODE_VERSION} could not be installed: ${error.message}\n`);
    secondNode = null;
  }
  return secondNode;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * `npm start` on the second Node from a fresh data folder: it must answer /api/health and serve the
 * app's page, then stop with exit code 0 on SIGTERM.
 */
async function startupSmoke() {
  const bin = secondNodeBin();
  if (!bin)
    return isCI
      ? { passed: 0, failed: 1, skipped: 0, note: `Node ${SECOND_NODE_VERSION} not installed` }
      : { passed: 0, failed: 0, skipped: 1, note: `Node ${SECOND_NODE_VERSION} not installed` };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-smoke-"));
  // As root the embedded PostgreSQL runs as `postgres`, which must reach its folder.
  fs.chmodSync(dataDir, 0o755);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env = withNode(bin, { ...process.env, PORT: String(port), DATA_DIR: dataDir });
  for (const key of ["DATABASE_URL", "LLM_BASE_URL", "SEARCH_PROVIDER", "SMTP_URL", "APP_URL"])
    delete env[key];
  const child = spawn("node", ["scripts/start.mjs"], { cwd: root, env, stdio: "inherit" });
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const problems = [];
  try {
    const version = spawnSync("node", ["-v"], { env, encoding: "utf8" }).stdout.trim();
    if (version !== `v${SECOND_NODE_VERSION}`) problems.push(`ran on ${version}`);
    let healthy = false;
    const deadline = Date.now() + 120_000;
    while (!healthy && Date.now() < deadline && child.exitCode === null) {
      healthy = await fetch(`${origin}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!healthy) problems.push("never healthy");
    else {
      const page = await fetch(`${origin}/`).then((r) => r.text());
      if (!page.includes('<div id="root"')) problems.push("the app's page was not served");
    }
  } finally {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    const exit = await exited;
    clearTimeout(timer);
    if (exit.code !== 0) problems.push(`exit ${exit.code ?? exit.signal} on SIGTERM`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (problems.length)
    console.error(`start-up smoke on Node ${SECOND_NODE_VERSION}: ${problems.join("; ")}`);
  return problems.length
    ? { passed: 0, failed: 1, skipped: 0, note: problems.join("; "), failures: problems }
    : { passed: 1, failed: 0, skipped: 0 };
}

async function externalPostgres() {
  if (!findDebianPostgres()) {
    const notice =
      "Debian PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): the server tests " +
      "against an external PostgreSQL were NOT run. Install it with `apt-get install postgresql`.";
    console.log(`\n*** SKIPPED: ${notice}${isCI ? " CI=true: counted as a failure." : ""}\n`);
    return isCI
      ? { passed: 0, failed: 1, skipped: 0, note: "PostgreSQL not installed" }
      : { passed: 0, failed: 0, skipped: 1, note: "PostgreSQL not installed" };
  }
  let cluster;
  try {
    cluster = await startDebianPostgres();
  } catch (error) {
    console.error(String(error));
    return { passed: 0, failed: 1, skipped: 0, note: "cluster did not start" };
  }
  console.log(`Debian PostgreSQL ${cluster.version} on 127.0.0.1:${cluster.port}`);
  try {
    // The server project again, on Debian's PostgreSQL (its database files: below). Left out: the crash tests (they run their
    // own embedded PostgreSQL, so they ran in the unit step already; they are the whole
    // server-isolated project, which is not selected here — its global setup would share the
    // template database of this one) and the document-parsing suites that never touch a database
    // (corpus, hostile files, OCR, the document fuzz, the parse process).
    const notHere = [
      "test/documents/parse-process.test.ts",
      "test/documents/corpus.test.ts",
      "test/documents/hostile.test.ts",
      "test/documents/ocr.test.ts",
      "test/documents/document-fuzz.test.ts",
      // Runs its external round trip on a Debian PostgreSQL of its own in the step before.
      "test/backup.test.ts",
      // Starts a Debian primary and streaming replica of its own in the step before (as does
      // test/multi-instance.test.ts, in the server-isolated project not run here).
      "test/read-replicas.test.ts",
      // The longest files whose subject is not the database or Node (CI's time: 20 minutes in
      // all): OCR fairness and document uploads (their SQL is the upload path's, run by other
      // files here), the static layer check, and the HTTP input fuzz (G1, run in the step before).
      "src/modules/files/files-fair.test.ts",
      "test/documents/upload.test.ts",
      "test/check-layers.test.ts",
      "test/fuzz.test.ts",
    ];
    // pgvector built into this PostgreSQL (.ci/run: scripts/build-pgvector.sh): its tests must
    // then find it, rather than pass on the path for a database without it.
    const pgvector = fs.existsSync(
      `/usr/share/postgresql/${cluster.version}/extension/vector.control`,
    );
    console.log(`pgvector: ${pgvector ? "installed" : "not installed"}`);
    // On the second supported Node (the first ran every project in the step before).
    const bin = secondNodeBin();
    if (!bin && isCI)
      return {
        passed: 0,
        failed: 1,
        skipped: 0,
        note: `Node ${SECOND_NODE_VERSION} not installed`,
      };
    const env = bin ? withNode(bin) : process.env;
    // Only the files at the heart of the database (CI's 20 minutes on 2 cores: the whole server
    // project took 150 s here, on top of the step before, which runs every file on Node 20 and
    // the embedded PostgreSQL): search by words and by meaning (pgvector), the job queue and runs,
    // history's paging (the authorization matrix over every route runs in the step before).
    const databaseFiles = [
      "src/integrations/search/",
      "src/jobs/",
      "src/modules/runs/",
      "src/modules/history/history.paging",
    ];
    return vitest("debian-postgres", ["--project", "server", ...databaseFiles], {
      PATH: env.PATH,
      VITEST_SERVER_EXCLUDE: notHere.join(","),
      TEST_DATABASE_URL: cluster.url,
      ...(pgvector ? { NEXUS_EXPECT_PGVECTOR: "1" } : {}),
    });
  } finally {
    await cluster.stop();
  }
}

const steps = [
  { name: "check (typecheck + lint)", run: async () => runNamed("npm", ["run", "check"]) },
  {
    name: "build (web app, server bundle)",
    run: async () => {
      const status = run("npm", ["run", "build"]);
      // The later steps' servers run the bundle just built (see e2e/support/server-process.ts).
      if (status === 0) process.env.NEXUS_TEST_SERVER = "bundle";
      return single(status);
    },
  },
  {
    name: "vitest, all projects (embedded PostgreSQL)",
    // Left to `npm run test:nightly` (CI's 20 minutes): every fixture document uploaded through the
    // running server (its parsing: corpus.test.ts; hostile uploads to the server: G8's
    // hostile-uploads.test.ts; the upload path: files-access and the E2E files tests).
    run: async () =>
      vitest("embedded", [], { VITEST_SERVER_EXCLUDE: "test/documents/upload.test.ts" }),
  },
  {
    name: `vitest, server (Debian PostgreSQL, Node ${SECOND_NODE_VERSION})`,
    run: externalPostgres,
  },
  { name: `start-up (npm start, Node ${SECOND_NODE_VERSION})`, run: startupSmoke },
  { name: "e2e (Playwright, Chromium)", run: async () => playwright() },
];

// `NEXUS_TEST_ONLY=start-up npm test` runs only the steps whose name contains that text.
const only = process.env.NEXUS_TEST_ONLY;
const results = [];
const startedAt = performance.now();
for (const step of steps.filter((s) => !only || s.name.includes(only))) {
  console.log(`\n=== ${step.name} ===\n`);
  const t0 = performance.now();
  let counts;
  try {
    counts = await step.run();
  } catch (error) {
    console.error(error);
    counts = { passed: 0, failed: 1, skipped: 0, note: "the step crashed" };
  }
  results.push({ name: step.name, seconds: (performance.now() - t0) / 1000, ...counts });
}

// What failed, named at the end of the log (CI keeps only its tail).
for (const r of results) {
  if (r.flakes?.length) {
    console.log(`\nFailed once, then passed, in ${r.name}:`);
    for (const flake of r.flakes.slice(0, 10)) console.log(`  ~ ${flake}`);
  }
  if (!r.failures?.length) continue;
  console.log(`\nFailed in ${r.name}:`);
  for (const failure of r.failures.slice(0, 10)) console.log(`  ✗ ${failure}`);
  if (r.failures.length > 10) console.log(`  … and ${r.failures.length - 10} more`);
}

const total = results.reduce(
  (sum, r) => ({
    passed: sum.passed + r.passed,
    failed: sum.failed + r.failed,
    skipped: sum.skipped + r.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const width = Math.max(...results.map((r) => r.name.length), 5);
const row = (cells) =>
  `${cells[0].padEnd(width)}  ${cells
    .slice(1, 5)
    .map((c) => String(c).padStart(7))
    .join("  ")}  ${cells[5] ?? ""}`;
console.log(`\n${row(["Step", "passed", "failed", "skipped", "time", ""])}`);
console.log("-".repeat(width + 40));
for (const r of results) {
  console.log(
    row([
      r.name,
      r.passed,
      r.failed,
      r.skipped,
      `${r.seconds.toFixed(0)}s`,
      r.note ? `(${r.note})` : "",
    ]),
  );
}
console.log("-".repeat(width + 40));
console.log(
  row([
    "total",
    total.passed,
    total.failed,
    total.skipped,
    `${((performance.now() - startedAt) / 1000).toFixed(0)}s`,
    "",
  ]),
);
console.log("");
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`,
);
process.exit(total.failed > 0 ? 1 : 0);
