import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import {
  extractSignInLink,
  type SmtpCapture,
  startSmtpCapture,
} from "../../../e2e/fakes/smtp-capture.ts";
import type { AnyKind } from "../src/ai/chat/chat-kinds.ts";
import { withModelMetrics } from "../src/ai/model-metrics.ts";
import { createModelRegistry } from "../src/ai/models.ts";
import { type AppOptions, createApp } from "../src/app.ts";
import { chatKinds } from "../src/chat-kinds.ts";
import type { Deps } from "../src/deps.ts";
import { parseEnv } from "../src/env.ts";
import { createMailer } from "../src/integrations/mail.ts";
import { createSearchProvider } from "../src/integrations/search/create-search-provider.ts";
import { withSearchMetrics } from "../src/integrations/search/search-metrics.ts";
import { createStorage } from "../src/integrations/storage.ts";
import { createWebFetch, type WebFetchOptions } from "../src/integrations/web-fetch.ts";
import { JOB_DEFINITIONS } from "../src/job-definitions.ts";
import type { JobDefinition } from "../src/jobs/job-definition.ts";
import { type JobRuntime, startJobRuntime } from "../src/jobs/runtime.ts";
import { createLogger } from "../src/lib/logger.ts";
import { createMetrics } from "../src/lib/metrics.ts";
import { createDiscoverFeed, type DiscoverFeed } from "../src/modules/discover/discover.service.ts";
import { createImageUrls } from "../src/modules/images/image-urls.ts";
import { loadImageKey } from "../src/modules/images/images.repo.ts";
import { PERSONAL_SETTINGS } from "../src/personal-settings.ts";
import { THREAD_PARTS } from "../src/thread-parts.ts";
import { SAVE_TURN } from "../src/turn-store.ts";
import { createTestDatabase, type TestDatabase } from "./db.ts";

export const APP_URL = "http://nexus.test";

/** A clock tests can move across expiry and period boundaries. */
export class TestClock {
  constructor(private current = new Date()) {}
  now = () => new Date(this.current.getTime());
  set(date: Date | string) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  anonId?: string;
  forwardedFor?: string;
  headers?: Record<string, string>;
}

export interface Harness {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  /** The app's Discover feed (its cache; no refresh timer runs in tests). */
  discover: DiscoverFeed;
  db: TestDatabase;
  smtp: SmtpCapture;
  clock: TestClock;
  logs: string[];
  /** The job runtime (pg-boss, run-event hub, ingestion handlers) when started with `jobs`. */
  jobs: JobRuntime | null;
  /** DATA_DIR of this harness (uploaded files live in its files/ unless STORAGE_URL is set). */
  dataDir: string;
  request: (path: string, options?: RequestOptions) => Promise<Response>;
  requestLink: (email: string) => Promise<string>;
  signIn: (email: string) => Promise<{ cookie: string; userId: string }>;
  close: () => Promise<void>;
}

export function tokenOf(link: string): string {
  return link.split("#signin=")[1] ?? "";
}

export function cookieOf(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  return header.split(";")[0] ?? "";
}

export interface HarnessOptions {
  /** Chat kinds beside the server's own (a test's kind: ai/chat/chat-kinds.ts). */
  chatKinds?: readonly AnyKind[];
  /** More API routes (createApp's `routes`), given the test's deps: a test kind's route. */
  routes?: (deps: Deps) => NonNullable<AppOptions["routes"]>;
  /** Options for the app's web fetcher; by default every host name fails to resolve (no DNS). */
  webFetch?: WebFetchOptions;
  /** Start pg-boss, the run-event hub and the job handlers on the test database (uploads). */
  jobs?:
    | boolean
    | {
        workers?: boolean;
        retryLimit?: number;
        /** The job kinds (default: the server's, JOB_DEFINITIONS). */
        definitions?: readonly JobDefinition[];
        cronMonitorIntervalSeconds?: number;
      };
  /** A migrated database elsewhere (a replicated cluster) instead of a fresh test database. */
  database?: TestDatabase;
  /** Read replicas over the harness's primary (deps.replicas). */
  replicas?: (primary: TestDatabase["db"]) => NonNullable<Deps["replicas"]>;
}

const noDns: WebFetchOptions["resolve"] = async ({ hostname }) => {
  throw new Error(`no DNS in tests (${hostname})`);
};

/**
 * The real app on a fresh database, with a real SMTP capture server and captured logs. `env`
 * overrides the configuration: LLM_BASE_URL / LLM_MODEL for a fake model server,
 * SEARCH_PROVIDER=searxng + SEARXNG_URL for a fake SearXNG.
 */
export async function createHarness(
  env: Record<string, string> = {},
  options: HarnessOptions = {},
): Promise<Harness> {
  const db = options.database ?? (await createTestDatabase());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-test-"));
  const smtp = await startSmtpCapture();
  const clock = new TestClock();
  const logs: string[] = [];
  // The product's logger (its error sanitising included), writing into `logs`.
  const logger = createLogger({
    level: "debug",
    destination: new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  });
  const parsed = parseEnv({
    APP_URL,
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    SIGNIN_RATE_LIMIT: "1000",
    ...env,
  });
  const webFetch = createWebFetch({ resolve: noDns, logger, ...options.webFetch });
  // The product's own metrics (lib/metrics.ts), as runtime-deps.ts measures models and search.
  const metrics = createMetrics({ db: db.db, logger });
  const models = withModelMetrics(
    createModelRegistry({ env: parsed, logger, fetchOptions: { baseDelayMs: 10 } }),
    metrics,
  );
  const replicas = options.replicas?.(db.db);
  const deps: Deps = {
    db: db.db,
    ...(replicas ? { replicas } : {}),
    env: parsed,
    models,
    chatKinds: chatKinds(options.chatKinds),
    threadParts: THREAD_PARTS,
    saveTurn: SAVE_TURN,
    personalSettings: PERSONAL_SETTINGS,
    search: withSearchMetrics(
      createSearchProvider({ env: parsed, db: db.db, webFetch, embedder: models.embedder, logger }),
      metrics,
    ),
    metrics,
    lifecycle: { draining: false },
    webFetch,
    images: createImageUrls(await loadImageKey(db.db)),
    logger,
    clock,
    mailer: createMailer({ smtpUrl: parsed.SMTP_URL, from: parsed.MAIL_FROM, logger }),
    storage: createStorage({
      ...(parsed.STORAGE_URL ? { storageUrl: parsed.STORAGE_URL } : {}),
      dataDir: parsed.DATA_DIR,
    }),
  };
  const jobs = options.jobs
    ? await startJobRuntime({
        deps,
        url: db.url,
        pollingIntervalSeconds: 0.5,
        definitions: JOB_DEFINITIONS,
        ...(typeof options.jobs === "object" ? options.jobs : {}),
      })
    : null;
  const discover = createDiscoverFeed({ deps });
  const app = createApp(deps, {
    discover,
    ...(options.routes ? { routes: options.routes(deps) } : {}),
  });
  const request = async (path: string, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers["content-type"] ??= "application/json";
    if (options.cookie) headers.cookie = options.cookie;
    if (options.anonId) headers["x-anon-id"] = options.anonId;
    if (options.forwardedFor) headers["x-forwarded-for"] = options.forwardedFor;
    const body =
      options.body === undefined
        ? undefined
        : typeof options.body === "string"
          ? options.body
          : JSON.stringify(options.body);
    return app.request(`${APP_URL}${path}`, { method: options.method ?? "GET", headers, body });
  };
  const requestLink = async (email: string) => {
    const since = Date.now();
    const res = await request("/api/auth/email-link", { method: "POST", body: { email } });
    if (res.status !== 202) throw new Error(`email-link answered ${res.status}`);
    return extractSignInLink(await smtp.waitFor(email, { since }));
  };
  const signIn = async (email: string) => {
    const link = await requestLink(email);
    const res = await request("/api/auth/email-link/complete", {
      method: "POST",
      body: { token: tokenOf(link), email },
    });
    if (res.status !== 200) throw new Error(`complete answered ${res.status}`);
    const body = (await res.json()) as { user: { id: string } };
    return { cookie: cookieOf(res), userId: body.user.id };
  };
  return {
    app,
    deps,
    discover,
    db,
    smtp,
    clock,
    logs,
    jobs,
    dataDir,
    request,
    requestLink,
    signIn,
    close: async () => {
      await jobs?.stop(2_000);
      await smtp.close();
      await replicas?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await db.close();
    },
  };
}
