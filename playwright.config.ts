import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs } from "./e2e/support/chromium-args.ts";
import { SUPER_ADMIN_EMAIL } from "./e2e/support/env.ts";
import {
  freePort,
  makeTempDir,
  REPO_ROOT,
  SERVER_COMMAND,
  serverEnv,
} from "./e2e/support/server-process.ts";

// Ports and the data directory are chosen once, in the runner process (this file is also loaded by
// every worker, which inherits the values through the environment).
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = String(await freePort());
  process.env.E2E_SMTP_PORT = String(await freePort());
  process.env.E2E_MAIL_API_PORT = String(await freePort());
  const dataDir = makeTempDir("nexus-e2e-");
  process.env.E2E_DATA_DIR = dataDir;
  // A snapshot of the built app, so a rebuild during the run cannot swap assets under the tests.
  const webDist = makeTempDir("nexus-e2e-web-");
  const built = path.join(REPO_ROOT, "apps/web/dist");
  if (fs.existsSync(path.join(built, "index.html"))) {
    fs.cpSync(built, webDist, { recursive: true });
  } else {
    console.warn("apps/web/dist is missing: run `npm run build` first (npm test does).");
  }
  process.env.E2E_WEB_DIST = webDist;
  // The web server (and its PostgreSQL) is stopped before the runner exits.
  process.on("exit", () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });
}

/**
 * Tests `npm test` leaves to `npm run test:nightly` (by title). The second list: one of two
 * variants of the same test (preset or custom agent, light or dark, desktop or phone, 500 or 429)
 * runs in every run and both nightly; the PDF viewer's worker-sharing and phone-thumbnail tests
 * (its citations, thumbnails and find run in every run); and the phone variants of the citation
 * panel and the exports, and the personal-instructions journey (the server tests show the
 * instructions in every kind's system message in every run); and the custom agent's thread page
 * (the preset agent's runs), right-to-left PDFs in document chat (their parsing: corpus.test.ts),
 * continuing a shared thread in a copy (the share journey continues one) and the PDF toolbar on a
 * phone; and (CI at its limit on 2 cores) journeys whose logic the server suite covers in every
 * run: offline answers restored, shared and kept per tab; guest threads saved after sign-in;
 * admin 404s (the authorization matrix); agent-chat versions; PDF thumbnails; files chosen in
 * agent chats; a custom agent's knowledge citations; the preset agent's thread page; Share's
 * one-click link; PDF find; the retry status; code-buddy's limits; saving an anonymous thread;
 * a file from Files on an answer; the agent chat's queue.
 */
const NIGHTLY_ONLY = new RegExp(
  [
    /screenshot|(public pages|app screens .*|admin sections): 0 axe violations|the Python course runs code in the browser|every preset chats with its own system prompt/
      .source,
    /queued visibly and sent after the reply \(custom agent\)|being retried while it is, then replies \(preset agent\)|no failed request \(custom agent\)|above the composer \(preset agent\)/
      .source,
    /keep the reply before as a version \(custom agent\)|readable in dark mode|after the first answer and a follow-up \(phone\)|keeps answering 429/
      .source,
    /shared pdf\.js worker serves the next PDF|opened cold starts one pdf\.js worker|on a phone the thumbnails overlay the page/
      .source,
    /personal instructions reach the model, and Settings shows|phone, dark: a tapped file citation shows its card as a sheet|a History row's Export menu downloads Word at phone width/
      .source,
    /a chat over three files \(nightly|a custom agent's thread: rename, marker, share with its avatar|Arabic, Hebrew and Japanese PDFs answer|a signed-in visitor continues a shared thread in a copy|on a phone the viewer's toolbar is one row/
      .source,
    /offline answer is restored from the server with its Offline mode label|a shared offline answer keeps its Offline mode label|thread is not readable in another tab's session|two guest threads, one with a stopped turn|everyone but a super-admin gets the not-found page/
      .source,
    /keep the reply before as a version \(preset agent\)|thumbnails render lazily and go to their page|(preset|custom) agent chat: a file chosen from Files|a file as a custom agent's knowledge: cited with a link/
      .source,
    /a preset agent's thread: rename, sidebar marker|Share copies a working link in one click|find counts and steps through every match|while the model is retried the status says so|code-buddy runs code; an endless loop|an anonymous thread is offered once for saving|answer thread: a file chosen from Files rides|queued visibly and sent after the reply \(preset agent\)/
      .source,
    /a refused follow-up stays in the box \(dark\)|the message stays \(dark\)|a second tab's stale save shows the conflict/
      .source,
    /a citation link opened with the PDF lands on its page|phone width, light and dark: a file waiting to upload|an agent chat takes a file: chip on the question|deleting one answer of a thread removes it|the same bytes again, in Files or in the composer|feedback: thumbs down with a type/
      .source,
    /the side chat answers about the document with a cited section|a thread opened in NexDocs keeps its citations; its read-only link/
      .source,
    /the offline reply keeps its badge \(ar, phone, dark\)|the interface in (fr|es|ja) from the browser's preference/
      .source,
  ].join("|"),
);

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "e2e-output",
  fullyParallel: true,
  workers: 2,
  // One retry in CI: a test that passes on its second try is reported as flaky in the run's table
  // (scripts/test.mjs), not passed silently; its first failure is in the log above the table.
  retries: process.env.CI === "true" ? 1 : 0,
  forbidOnly: process.env.CI === "true",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.E2E_JSON_REPORT ?? "test-output/playwright.json" }],
  ],
  globalSetup: "./e2e/global-setup.ts",
  // CI's 20 minutes on 2 cores (the E2E run is CPU-bound: more workers were slower): the screenshot
  // tours, the accessibility sweeps of every public, app and admin page, the in-browser Python
  // course (three Pyodide loads) and the chat with each of the 43 presets run nightly
  // (E2E_FULL_MATRIX=1) only. `npm test` keeps
  // a11y's landing/home/answer/history audit and the answer/share audit; Python's sandbox is
  // tested on the server (run-code-python.test.ts) in every run. docs/operations.md lists it.
  grepInvert: process.env.E2E_FULL_MATRIX === "1" ? undefined : NIGHTLY_ONLY,
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    colorScheme: "light",
    locale: "en-US",
    timezoneId: "UTC",
    // The app honours reduced motion (index.css): no endless spinner or pulse keeps the software
    // compositor of a headless browser repainting at 60 frames a second on a 2-core machine.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    // A trace records every action's DOM snapshot: about a fifth of the run's CPU (4 spec files,
    // 22 tests: 110 s without, 141 s with, one run after the other). CI prints its failures and
    // keeps no files, so it records none; a run here keeps the failures' traces.
    trace: process.env.CI === "true" ? "off" : { mode: "retain-on-failure", screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: chromiumArgs(),
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: SERVER_COMMAND.map((part) => JSON.stringify(part)).join(" "),
    cwd: REPO_ROOT,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "pipe",
    stderr: "pipe",
    env: serverEnv({
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? "",
      WEB_DIST: process.env.E2E_WEB_DIST ?? "",
      DATABASE_URL: "",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      SUPER_ADMIN_IDS: SUPER_ADMIN_EMAIL,
      LOG_LEVEL: "warn",
      // Every test signs in from 127.0.0.1: lift the per-address link limit (its own tests cover it).
      SIGNIN_RATE_LIMIT: "10000",
      // The agents specs' stand-in web page (e2e/support/page-stand-in.ts): readable by read-url.
      WEB_FETCH_ALLOW_ADDRESSES: "127.0.0.7",
      // The same for book-a-demo requests (the screenshot tour sends one per mode and size; the
      // limit itself is tested in modules/leads/leads.test.ts).
      LEADS_RATE_LIMIT: "10000",
      // Every test plans its research from 127.0.0.1 (the plan limit is tested in
      // modules/research/research-metering.test.ts).
      RESEARCH_PLAN_RATE_LIMIT: "10000",
    }),
  },
});
