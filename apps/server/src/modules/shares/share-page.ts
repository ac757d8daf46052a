import fs from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { readDb } from "../../middleware/read-your-writes.ts";
import { PUBLIC_SHARE_HEADERS, shareMeta } from "./shares.service.ts";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

/** The SPA's own title and description, replaced by the share's. */
const OWN_META = /<title>[\s\S]*?<\/title>\s*|<meta\s+name="description"[^>]*>\s*/g;
const ROBOTS =
  '<meta name="robots" content="noindex, nofollow" />\n<meta name="referrer" content="no-referrer" />\n';

export interface ShareTemplate {
  /** The page for a live share: index.html with the share's title and description. */
  render: (meta: { title: string; description: string; url: string }) => string;
  /** The page for every id that is not a live share (unknown, revoked, deleted): one string. */
  notFound: string;
}

/** Parses the built index.html once: everything before </head>, and from it on. */
export function shareTemplate(indexHtml: string): ShareTemplate {
  const end = indexHtml.indexOf("</head>");
  const head = end >= 0 ? indexHtml.slice(0, end) : indexHtml;
  const rest = end >= 0 ? indexHtml.slice(end) : "";
  const before = head.replace(OWN_META, "");
  return {
    render: ({ title, description, url }) => {
      const t = escapeHtml(`${title} · Nexus`);
      const d = escapeHtml(description);
      return `${before}<title>${t}</title>
<meta name="description" content="${d}" />
<meta property="og:title" content="${t}" />
<meta property="og:description" content="${d}" />
<meta property="og:type" content="article" />
<meta property="og:site_name" content="Nexus" />
<meta property="og:url" content="${escapeHtml(url)}" />
<meta name="twitter:card" content="summary" />
<meta name="twitter:title" content="${t}" />
<meta name="twitter:description" content="${d}" />
${ROBOTS}${rest}`;
    },
    notFound: `${head}${ROBOTS}${rest}`,
  };
}

const PAGE_HEADERS = { ...PUBLIC_SHARE_HEADERS, "Content-Type": "text/html; charset=UTF-8" };

/**
 * GET /share/:shareId: the SPA's index.html with the share's title and description in <head> (so
 * links unfurl in chat apps) and noindex; unknown and revoked ids get one 404 page with generic
 * meta. One primary-key lookup per request; the template is parsed once.
 */
export function sharePageRoutes(deps: Deps, webDist: string) {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(webDist, "index.html");
  if (!fs.existsSync(indexFile)) return app;
  const template = shareTemplate(fs.readFileSync(indexFile, "utf8"));
  return app.get("/:shareId", async (c) => {
    const shareId = c.req.param("shareId");
    try {
      const meta = await shareMeta({ deps, reads: readDb(deps, c), shareId, ip: c.get("ip") });
      if (!meta) return c.body(template.notFound, 404, PAGE_HEADERS);
      const url = `${deps.env.APP_URL}/share/${shareId}`;
      return c.body(template.render({ ...meta, url }), 200, PAGE_HEADERS);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "rate_limited") throw error;
      return c.body(template.notFound, 429, { ...PAGE_HEADERS, ...error.options.headers });
    }
  });
}
