import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { AppEnv } from "./deps.ts";

/** Serves the built SPA: hashed assets cached forever, every other path gets index.html. */
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
  return app
    .use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      }),
    )
    .use(
      "*",
      serveStatic({
        root,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
      }),
    )
    .get("*", (c) => {
      c.header("Cache-Control", "no-cache");
      return c.html(indexHtml);
    });
}
