import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv, Deps } from "./deps.ts";
import { firstViewSource } from "./first-view.ts";
import { AppError } from "./lib/errors.ts";
import { accessLog } from "./middleware/access-log.ts";
import { errorHandler, notFoundHandler } from "./middleware/error-handler.ts";
import { httpMetrics } from "./middleware/http-metrics.ts";
import { originCheck } from "./middleware/origin-check.ts";
import { readYourWrites } from "./middleware/read-your-writes.ts";
import { requestContext } from "./middleware/request-context.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { session } from "./middleware/session.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { agentsRoutes } from "./modules/agents/agents.routes.ts";
import { answerRoutes } from "./modules/answer/answer.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { blogRoutes } from "./modules/blog/blog.routes.ts";
import { customAgentsRoutes } from "./modules/custom-agents/custom-agents.routes.ts";
import { discoverRoutes } from "./modules/discover/discover.routes.ts";
import { createDiscoverFeed, type DiscoverFeed } from "./modules/discover/discover.service.ts";
import { documentsRoutes } from "./modules/documents/documents.routes.ts";
import {
  accountExportRoutes,
  historyExportRoutes,
  threadExportRoutes,
} from "./modules/exports/exports.routes.ts";
import { extractionRoutes } from "./modules/extraction/extraction.routes.ts";
import { feedbackRoutes } from "./modules/feedback/feedback.routes.ts";
import { filesRoutes } from "./modules/files/files.routes.ts";
import { healthRoutes, metricsRoutes } from "./modules/health/health.routes.ts";
import {
  historyRoutes,
  libraryRoutes,
  threadDeleteRoutes,
} from "./modules/history/history.routes.ts";
import { imageRoutes } from "./modules/images/images.routes.ts";
import { leadsRoutes } from "./modules/leads/leads.routes.ts";
import { nexdocsRoutes } from "./modules/nexdocs/nexdocs.routes.ts";
import { researchRoutes } from "./modules/research/research.routes.ts";
import { runsRoutes } from "./modules/runs/runs.routes.ts";
import { sharePageRoutes } from "./modules/shares/share-page.ts";
import { sharesRoutes } from "./modules/shares/shares.routes.ts";
import { threadRoutes } from "./modules/threads/threads.routes.ts";
import { usageRoutes } from "./modules/usage/usage.routes.ts";
import { meRoutes } from "./modules/users/me.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { webRoutes } from "./static.ts";

export interface AppOptions {
  /** Directory of the built SPA; omitted in API-only tests. */
  webDist?: string;
  /** The Discover feed (its cache and refresh timer: main.ts); by default a new one. */
  discover?: DiscoverFeed;
  /** More API routes under /api, beside the modules' (a test's own chat kind, say). */
  routes?: ReadonlyArray<readonly [path: string, routes: Hono<AppEnv>]>;
}

/** Builds the HTTP app without listening (tests call app.request / app.fetch directly). */
export function createApp(deps: Deps, options: AppOptions = {}) {
  // One feed: its cache answers the API and Discover's first view alike.
  const discover = options.discover ?? createDiscoverFeed({ deps });
  const globalBodyLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: () => {
      throw new AppError("payload_too_large");
    },
  });
  const api = new Hono<AppEnv>()
    // Uploads stream to storage under their own limit (FILE_MAX_MB, modules/files/files.upload.ts);
    // a NexDocs image has its own (NEXDOCS_IMAGE_LIMITS, modules/nexdocs/nexdocs.routes.ts).
    .use((c, next) =>
      c.req.method === "POST" &&
      (c.req.path.replace(/\/$/, "") === "/api/files" ||
        /^\/api\/nexdocs\/[^/]+\/images$/.test(c.req.path))
        ? next()
        : globalBodyLimit(c, next),
    )
    .use(originCheck(deps.env))
    .use(session(deps))
    .use(readYourWrites(deps))
    // /api/health and /api/ready (also at /health and /ready, below).
    .route("/", healthRoutes(deps))
    .route("/me", meRoutes(deps))
    .route("/auth", authRoutes(deps))
    .route("/users", usersRoutes(deps))
    .route("/usage", usageRoutes(deps))
    .route("/admin", adminRoutes(deps))
    .route("/answer", answerRoutes(deps))
    .route("/agents", agentsRoutes(deps))
    .route("/custom-agents", customAgentsRoutes(deps))
    .route("/threads", threadRoutes(deps))
    // DELETE /api/threads/:threadId belongs to history, beside the answer module's GET.
    .route("/threads", threadDeleteRoutes(deps))
    .route("/history", historyRoutes(deps))
    // GET /api/threads/:threadId/export and /api/history/export.zip.
    .route("/threads", threadExportRoutes(deps))
    .route("/history", historyExportRoutes(deps))
    // GET /api/account/export.zip: everything kept of the caller (the counterpart of deletion).
    .route("/account", accountExportRoutes(deps))
    .route("/library", libraryRoutes(deps))
    .route("/shares", sharesRoutes(deps))
    .route("/feedback", feedbackRoutes(deps))
    .route("/leads", leadsRoutes(deps))
    .route("/discover", discoverRoutes(deps, discover))
    .route("/image", imageRoutes(deps))
    .route("/documents", documentsRoutes(deps))
    .route("/files", filesRoutes(deps))
    .route("/research", researchRoutes(deps))
    .route("/nexdocs", nexdocsRoutes(deps))
    .route("/extractions", extractionRoutes(deps))
    .route("/runs", runsRoutes(deps));
  for (const [path, routes] of options.routes ?? []) api.route(path, routes);
  // Unknown API paths end here as JSON, never falling through to the web app.
  api.all("*", notFoundHandler);

  const app = new Hono<AppEnv>()
    .use(httpMetrics(deps.metrics))
    .use(requestContext({ trustedHops: deps.env.TRUST_PROXY }))
    .use(securityHeaders({ https: deps.env.APP_URL.startsWith("https://") }))
    .use("/api/*", accessLog(deps.logger))
    // For load balancers: /health (alive) and /ready (should get traffic).
    .route("/", healthRoutes(deps))
    .route("/api", api);
  // Prometheus on the main port only with METRICS_TOKEN (or on METRICS_PORT: main.ts).
  if (deps.env.METRICS_TOKEN) app.route("/", metricsRoutes(deps, deps.env.METRICS_TOKEN));
  app.onError(errorHandler(deps.logger));
  api.onError(errorHandler(deps.logger));
  // The blog's RSS feed, from content/blog (before the SPA, which serves /blog and /blog/:slug).
  app.route("/blog", blogRoutes(deps));
  if (options.webDist) app.route("/share", sharePageRoutes(deps, options.webDist));
  if (options.webDist) {
    // An /app page's first view may show who is signed in and their thread (first-view.ts).
    const withSession = session(deps);
    app.use("/app", withSession).use("/app/*", withSession);
    app.route(
      "/",
      webRoutes(options.webDist, {
        appUrl: deps.env.APP_URL,
        firstView: firstViewSource(deps, discover),
      }),
    );
  }
  app.notFound(notFoundHandler);
  return app;
}

export type App = ReturnType<typeof createApp>;
