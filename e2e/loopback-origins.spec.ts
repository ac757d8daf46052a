import fs from "node:fs";
import { AppShell } from "./pages/app-shell.ts";
import { SignInDialog } from "./pages/sign-in-dialog.ts";
import { e2eEnv, SUPER_ADMIN_EMAIL } from "./support/env.ts";
import { expect, test } from "./support/fixtures.ts";
import { signInLinkFor } from "./support/mail.ts";
import {
  freePort,
  makeTempDir,
  type ServerProcess,
  serverEnv,
  spawnServer,
  stopServer,
  waitForHealth,
} from "./support/server-process.ts";

/**
 * Issue 27, the first hour: a server started with APP_URL unset is opened at whichever loopback
 * address a newcomer types. Sign-in (the e-mailed link included) and an answer work at both
 * http://127.0.0.1:PORT and http://localhost:PORT.
 */

/** A sentence of content/blog/connecting-a-model.md, which the offline engine quotes. */
const QUESTION = "How do I connect a language model with LLM_BASE_URL?";
const KNOWN_SENTENCE = "Set LLM_BASE_URL to the base URL of the API";

let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  dataDir = makeTempDir("nexus-e2e-loopback-");
  server = spawnServer({
    port,
    env: serverEnv({
      APP_URL: "", // unset: the case under test
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIST: process.env.E2E_WEB_DIST ?? "",
      DATABASE_URL: "",
      SMTP_URL: `smtp://127.0.0.1:${e2eEnv.smtpPort}`,
      SUPER_ADMIN_IDS: SUPER_ADMIN_EMAIL,
      LOG_LEVEL: "info",
      SIGNIN_RATE_LIMIT: "10000",
    }),
  });
  await waitForHealth(server, { timeoutMs: 90_000 });
});

test.afterAll(async () => {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the start-up log prints one address to open, and it works", async ({ page }) => {
  const match = await server.waitForOutput(/Nexus is running: open (http:\/\/\S+?)"/);
  expect(match[1]).toBe(`http://localhost:${server.port}`);
  await page.goto(`${match[1]}/app`);
  await expect(page.getByRole("textbox", { name: "Ask anything" })).toBeVisible();
});

for (const host of ["127.0.0.1", "localhost"]) {
  test(`sign-in and an answer work at http://${host}:PORT`, async ({ page, uniqueEmail }) => {
    const origin = `http://${host}:${server.port}`;
    const email = uniqueEmail(`loop-${host.replace(/\W/g, "")}`);
    const shell = new AppShell(page);
    await shell.goto(`${origin}/app`);
    await shell.openSignIn();
    const since = Date.now();
    await new SignInDialog(page).requestLink(email);

    const link = await signInLinkFor(email, since);
    expect(new URL(link).origin, "the link opens where the person is").toBe(origin);
    await page.goto(link);
    await expect(page).toHaveURL(`${origin}/app`);
    await shell.expectSignedInAs(email);

    const box = page.getByRole("textbox", { name: "Ask anything" });
    await box.fill(QUESTION);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/app\/search\/[a-z0-9-]+-[A-Za-z0-9]{22}$/);
    const turn = page.getByTestId("answer-turn").first();
    await expect(turn).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
    await expect(turn.getByTestId("answer-markdown")).toContainText(KNOWN_SENTENCE, {
      useInnerText: true,
    });
    await expect(page.getByText("Cross-site request refused.")).toHaveCount(0);
  });
}
