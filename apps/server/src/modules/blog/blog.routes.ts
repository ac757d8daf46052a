import path from "node:path";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { CONTENT_DIR } from "../../integrations/search/knowledge-index.ts";
import { buildRssFeed, readFeedPosts } from "./blog.feed.ts";

/**
 * GET /blog/rss.xml: the blog's RSS 2.0 feed. Posts are read from content/blog once, on the first
 * request, and kept in memory (they change only with a deploy, which restarts the server).
 */
export function blogRoutes(deps: Deps, options: { blogDir?: string } = {}) {
  const blogDir = options.blogDir ?? path.join(CONTENT_DIR, "blog");
  let feed: Promise<string> | null = null;
  const load = () => {
    feed ??= readFeedPosts(blogDir).then((posts) =>
      buildRssFeed({ posts, appUrl: deps.env.APP_URL }),
    );
    // A failed read is not cached: the next request tries again.
    feed.catch(() => {
      feed = null;
    });
    return feed;
  };
  return new Hono<AppEnv>().get("/rss.xml", async (c) =>
    c.body(await load(), 200, {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }),
  );
}
