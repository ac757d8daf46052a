import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./deps.ts";

const HASHED_ASSET = /^\/assets\//;

/**
 * Caching: hashed assets forever; the HTML entry must be revalidated so a deploy is picked up at
 * once; other public files (favicon, theme-init.js) briefly.
 */
const cacheHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.res.status !== 200) return;
  const isHtml = c.res.headers.get("content-type")?.includes("text/html") ?? false;
  const value = HASHED_ASSET.test(c.req.path)
    ? "public, max-age=31536000, immutable"
    : isHtml
      ? "no-cache"
      : "public, max-age=3600";
  c.res.headers.set("Cache-Control", value);
});

/** Serves the built SPA (precompressed .br/.gz when the browser accepts them); app paths get index.html. */
export function webRoutes(webDist: string) {
  const indexFile = path.join(webDist, "index.html");
  const app = new Hono<AppEnv>();
  if (!fs.existsSync(indexFile)) {
    return app.get("*", (c) =>
      c.text(
        "The web app is not built. Run `npm run build` (or `npm start`, which builds it).",
        503,
      ),
    );
  }
  const indexHtml = fs.readFileSync(indexFile, "utf8");
  const root = path.relative(process.cwd(), webDist) || ".";
  return (
    app
      .use("*", cacheHeaders)
      .use("*", serveStatic({ root, precompressed: true }))
      // A hashed asset that is not there (a stale tab after a deploy) is a 404, never index.html.
      .get("/assets/*", (c) => c.text("Not found", 404))
      .get("*", (c) => c.html(indexHtml))
  );
}
