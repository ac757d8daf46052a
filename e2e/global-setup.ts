import type { FullConfig } from "@playwright/test";
import { startMailApi } from "./fakes/mail-api.ts";
import { startSmtpCapture } from "./fakes/smtp-capture.ts";
import { e2eEnv } from "./support/env.ts";

/**
 * The SMTP capture the server sends sign-in e-mails to, and its HTTP view for the spec workers.
 * Ports come from playwright.config.ts (the web server, started before this, already points at them).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const capture = await startSmtpCapture(e2eEnv.smtpPort);
  const api = await startMailApi(capture, Number(new URL(e2eEnv.mailApi).port));
  return async () => {
    await api.close();
    await capture.close();
  };
}
