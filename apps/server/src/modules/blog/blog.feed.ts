import fs from "node:fs/promises";
import path from "node:path";
import { listField, splitFrontMatter, textField } from "@nexus/contracts";

/** What the feed needs of a post (front matter of content/blog/<slug>.md). */
export interface FeedPost {
  slug: string;
  title: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  author: string;
  summary: string;
  tags: string[];
}

const FEED_TITLE = "Nexus blog";
const FEED_DESCRIPTION =
  "Guides to using and self-hosting Nexus, the open AI answer and search assistant, and notes from the team.";
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Escapes the five XML special characters and drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing the control characters XML forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replaceAll("&", "&amp;")
      .replaceAll("<", "&lt;")
      .replaceAll(">", "&gt;")
      .replaceAll('"', "&quot;")
      .replaceAll("'", "&apos;")
  );
}

/** RFC 822 date (as RSS 2.0 wants) of a calendar day: "Sat, 21 Nov 2026 00:00:00 GMT". */
export function rfc822(date: string): string {
  return new Date(`${date}T00:00:00Z`).toUTCString();
}

/** Every post of `dir` (content/blog), newest first; files without a title or a valid date are skipped. */
export async function readFeedPosts(dir: string): Promise<FeedPost[]> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith(".md"));
  const posts = await Promise.all(
    files.map(async (file): Promise<FeedPost | null> => {
      const { fields } = splitFrontMatter(await fs.readFile(path.join(dir, file), "utf8"));
      const text = (key: string) => textField(fields, key);
      const date = text("date");
      if (!text("title") || !ISO_DATE.test(date) || Number.isNaN(Date.parse(date))) return null;
      return {
        slug: file.slice(0, -3),
        title: text("title"),
        date,
        author: text("author") || "Nexus team",
        summary: text("summary"),
        tags: listField(fields, "tags"),
      };
    }),
  );
  return posts
    .filter((post) => post !== null)
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

/** The RSS 2.0 document of the posts; links are absolute, from APP_URL. */
export function buildRssFeed(options: { posts: readonly FeedPost[]; appUrl: string }): string {
  const base = options.appUrl.replace(/\/+$/, "");
  const items = options.posts.map((post) => {
    const link = `${base}/blog/${encodeURIComponent(post.slug)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      `      <description>${escapeXml(post.summary)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const newest = options.posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${FEED_TITLE}</title>`,
    `    <link>${escapeXml(`${base}/blog`)}</link>`,
    `    <atom:link href="${escapeXml(`${base}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    `    <description>${escapeXml(FEED_DESCRIPTION)}</description>`,
    "    <language>en</language>",
    ...(newest ? [`    <lastBuildDate>${rfc822(newest.date)}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
