import path from "node:path";
import { parseEmail, parseTierLimits, TIER_LIMITS } from "@nexus/contracts";
import { z } from "zod";

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("127.0.0.1"),
    APP_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /** Streaming replicas for lag-tolerant reads (history, library, shares); comma-separated. */
    DATABASE_REPLICA_URLS: optionalString.transform((v, ctx) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map((entry) => {
          if (!/^postgres(ql)?:\/\//.test(entry))
            ctx.addIssue({ code: "custom", message: "each entry must be a postgres:// URL" });
          return entry;
        }),
    ),
    /** A replica that has not replayed what the primary had this many seconds ago is skipped. */
    DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(10),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().default("Nexus <no-reply@localhost>"),
    /** User ids or e-mail addresses (each address through the one parser, lower-cased). */
    SUPER_ADMIN_IDS: optionalString.transform((v, ctx) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map((entry) => {
          if (!entry.includes("@")) return entry.toLowerCase();
          const parsed = parseEmail(entry);
          if (parsed.ok) return parsed.email;
          ctx.addIssue({ code: "custom", message: `"${entry}" is not one plain e-mail address` });
          return entry;
        }),
    ),
    /**
     * DANGER: exact IP addresses page reading (read-url, answers' page reads) may fetch although
     * they are not public — one internal host an operator knowingly allows, or test stand-ins.
     */
    WEB_FETCH_ALLOW_ADDRESSES: optionalString.transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
    LLM_BASE_URL: optionalString.pipe(z.url().optional()),
    LLM_API_KEY: optionalString,
    LLM_MODEL: optionalString,
    LLM_REASONING_MODEL: optionalString,
    /**
     * Whether the model calls tools (function calling). `false` for a model that cannot (many small
     * local models): agents then answer without searching, reading pages or running code, and say
     * so when a request needs it. Default true.
     */
    LLM_TOOLS: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim().toLowerCase())
      .pipe(
        z
          .string()
          .regex(/^(|true|false)$/, "true or false")
          .transform((v) => v !== "false"),
      ),
    /** Time a model server may take to send response headers, per attempt. */
    LLM_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
    /**
     * An embedding model on the LLM_BASE_URL server (POST /embeddings): file passages are embedded
     * when read, and retrieval over files fuses meaning with full-text (RRF). Unset: full-text only.
     */
    EMBEDDING_MODEL: optionalString,
    /**
     * An image model on the LLM_BASE_URL server (POST /images/generations): the generate-image tool
     * of the Image Generator agent. Unset: the tool says the server has no image model.
     */
    IMAGE_MODEL: optionalString,
    /** Memory for the per-user vectors search scores in process, per thread (LRU over users). */
    EMBEDDING_CACHE_MB: z.coerce.number().int().min(1).max(65_536).default(256),
    SEARCH_PROVIDER: z.enum(["local", "searxng", "tavily", "brave"]).default("local"),
    SEARXNG_URL: optionalString.pipe(z.url().optional()),
    TAVILY_API_KEY: optionalString,
    BRAVE_API_KEY: optionalString,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    /**
     * Proxy hops in front of the server that append to X-Forwarded-For: the client address is that
     * many entries from the right. `true` = 1; unset, `false` or `0` = forwarded headers ignored.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v) => (v ?? "").trim().toLowerCase())
      .pipe(
        z
          .string()
          .regex(/^(|true|false|\d{1,2})$/, "a number of proxy hops (0–99), true (= 1) or false")
          .transform((v) => (v === "true" ? 1 : v === "false" || v === "" ? 0 : Number(v))),
      ),
    /**
     * The operator's tier limits over the spec's defaults: `tier.counter=number`, comma-separated
     * (e.g. `free.agent=20,pro.search=1000`); 0 = unlimited. See parseTierLimits (contracts).
     */
    TIER_LIMITS: optionalString.transform((v, ctx) => {
      const parsed = parseTierLimits(v ?? "");
      if (parsed.ok) return parsed.limits;
      for (const message of parsed.errors) ctx.addIssue({ code: "custom", message });
      return TIER_LIMITS;
    }),
    /** Sign-in link requests per address per 10 minutes (anti-flood); raise it for test runs. */
    SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Book-a-demo requests per address per hour (anti-spam); raise it for test runs. */
    LEADS_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    /**
     * Research plans (each a model call) per account per 10 minutes; an address gets three times
     * as many (several accounts behind one network). Raise it for test runs.
     */
    RESEARCH_PLAN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    WEB_DIST: optionalString,
    /**
     * Worker threads that run chats (answers, agents' replies) off the main thread (0: they run
     * on it). Default: one fewer than the cores, at most 4, so the thread that accepts requests
     * stays responsive.
     */
    CHAT_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
    /** The old name of CHAT_WORKERS, still read when CHAT_WORKERS is not set. */
    ANSWER_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
    /** Largest upload, in MB (its own body limit on POST /api/files). */
    FILE_MAX_MB: z.coerce.number().int().min(1).max(2048).default(50),
    /** S3-compatible storage for uploads (s3://[KEY:SECRET@]bucket?endpoint=…&region=…). */
    STORAGE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^s3:\/\/[^/?#]+/, "must look like s3://bucket?endpoint=…&region=…")
        .optional(),
    ),
    /** Time one file may take to parse (OCR included) before it fails as timed out. */
    FILE_PARSE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /** Memory one file's parser process may use (resident, in MB) before it fails as too large. */
    FILE_PARSE_MEMORY_MB: z.coerce.number().int().min(256).max(65_536).default(1024),
    /** Most scanned pages OCR'd per PDF; the others are not read (the file says so). */
    OCR_MAX_PAGES: z.coerce.number().int().min(0).max(2000).default(50),
    /** Most seconds of OCR per PDF; pages after that are not read (the file says so). */
    OCR_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /** Ingestion jobs run at once by this instance. */
    INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Deep research steps run at once by this instance (each run's steps go one after another). */
    RESEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
    /** Sources one extraction run reads at once (model calls in flight per run). */
    EXTRACTION_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
    /** A job still running this long after its start (its instance died) is retried. */
    JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** How often expired jobs are looked for (pg-boss maintenance). */
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** /metrics on its own port (METRICS_HOST), without a token; unset: no metrics port. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * The interface METRICS_PORT listens on: loopback unless set (HOST is 0.0.0.0 in containers,
     * and that port has no token).
     */
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    /** /metrics on the main port for `Authorization: Bearer <token>`; unset: not served there. */
    METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
    /** SIGTERM: how long streams in flight may run on before they are cut. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(8),
  })
  .superRefine((env, ctx) => {
    if (env.LLM_BASE_URL && !env.LLM_MODEL) {
      ctx.addIssue({
        code: "custom",
        path: ["LLM_MODEL"],
        message: "required when LLM_BASE_URL is set (the model name, e.g. llama3.1)",
      });
    }
    if (env.EMBEDDING_MODEL && !env.LLM_BASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["EMBEDDING_MODEL"],
        message:
          "needs LLM_BASE_URL (the OpenAI-compatible server whose /embeddings serves this model)",
      });
    }
    if (env.IMAGE_MODEL && !env.LLM_BASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["IMAGE_MODEL"],
        message:
          "needs LLM_BASE_URL (the OpenAI-compatible server whose /images/generations serves this model)",
      });
    }
    if (env.SEARCH_PROVIDER === "searxng" && !env.SEARXNG_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SEARXNG_URL"],
        message: "required when SEARCH_PROVIDER=searxng",
      });
    }
    if (env.SEARCH_PROVIDER === "tavily" && !env.TAVILY_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["TAVILY_API_KEY"],
        message: "required when SEARCH_PROVIDER=tavily",
      });
    }
    if (env.SEARCH_PROVIDER === "brave" && !env.BRAVE_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["BRAVE_API_KEY"],
        message: "required when SEARCH_PROVIDER=brave",
      });
    }
  })
  .transform((env) => ({
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    /** Whether APP_URL was configured (unset: every loopback origin of PORT is accepted). */
    APP_URL_SET: env.APP_URL !== undefined,
    DATA_DIR: path.resolve(env.DATA_DIR),
    CHAT_WORKERS: env.CHAT_WORKERS ?? env.ANSWER_WORKERS,
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses a record of variables; throws EnvError naming every bad key. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
}

/**
 * The only reader of process.env: prints every bad key and exits. `overrides` are read on top of
 * it (a chat worker's test settings), never written into it.
 */
export function loadEnv(overrides: Record<string, string> = {}): Env {
  try {
    return parseEnv({ ...process.env, ...overrides });
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
