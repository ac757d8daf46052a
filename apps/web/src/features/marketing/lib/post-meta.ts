// Relative, not "@nexus/contracts": the Vite config loads this file at build time (content
// plugin), where Node cannot import the workspace package's TypeScript entry.
import {
  type FrontMatterFields,
  listField,
  textField,
} from "../../../../../../packages/contracts/src/content.ts";

/** What the blog list needs of a post (content/blog/<slug>.md). */
export interface PostMeta {
  slug: string;
  title: string;
  /** ISO date (YYYY-MM-DD). */
  date: string;
  /** The front matter's author; null: the Nexus team (a byline in the reader's language). */
  author: string | null;
  tags: string[];
  summary: string;
  /** A path under apps/web/public, or null. */
  cover: string | null;
  readingMinutes: number;
}

/** Reading speed used for "N min read". */
export const WORDS_PER_MINUTE = 220;

/** Minutes to read a markdown body (code counts as words too); at least 1. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[a-z]*\n?/gi, " ")
    .replace(/[#>*_`[\]()|-]+/g, " ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A post's metadata from its front matter; throws on a missing title or a bad date (build error). */
export function postMeta(options: {
  slug: string;
  fields: FrontMatterFields;
  body: string;
}): PostMeta {
  const { slug, fields, body } = options;
  const title = textField(fields, "title");
  const date = textField(fields, "date");
  if (!title) throw new Error(`content/blog/${slug}.md: front matter needs a title`);
  if (!ISO_DATE.test(date) || Number.isNaN(Date.parse(date)))
    throw new Error(`content/blog/${slug}.md: front matter needs date: YYYY-MM-DD`);
  const cover = textField(fields, "cover");
  return {
    slug,
    title,
    date,
    author: textField(fields, "author") || null,
    tags: listField(fields, "tags"),
    summary: textField(fields, "summary"),
    cover: cover && cover !== "none" ? cover : null,
    readingMinutes: readingMinutes(body),
  };
}

/** Newest first; the same day sorts by title so the order is stable. */
export function sortPosts<T extends Pick<PostMeta, "date" | "title">>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}

/** "Nov 21, 2026" for an ISO date, read as a calendar day (no time-zone shift). */
export function formatPostDate(date: string, locale = "en-US"): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(locale, {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}
