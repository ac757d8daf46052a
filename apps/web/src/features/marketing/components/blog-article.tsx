import { articles } from "virtual:nexus/blog-articles";
import { posts } from "virtual:nexus/blog-index";
import { ArrowLeft, ArrowRight, ChevronDown } from "lucide-react";
import { use } from "react";
import { PageMeta } from "@/components/seo/page-meta.tsx";
import { LocalLink } from "@/components/ui/local-link.tsx";
import { paths } from "@/config/paths.ts";
import { loadChunk } from "@/lib/chunk-loading.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import type { ArticleBody as Body } from "../lib/article.ts";
import type { PostMeta } from "../lib/post-meta.ts";
import { ArticleBody, useScrollToHash } from "./article-body.tsx";
import { ArticleToc } from "./article-toc.tsx";
import { PostMetaLine } from "./post-meta-line.tsx";
import { RssAlternate } from "./rss-link.tsx";
import { TagLink } from "./tag-link.tsx";

/** The post of a slug, or null (the route shows the not-found page). */
export function findPost(slug: string | undefined): PostMeta | null {
  return posts.find((post) => post.slug === slug) ?? null;
}

/** Article bodies by slug; a settled one carries React's status/value fields (see below). */
type TrackedBody = Promise<Body>;
const bodies = new Map<string, TrackedBody>();

/**
 * The article's HTML and headings (one chunk per post), loaded once and read with `use`: the
 * prerender waits for it, hydration keeps the server's markup until it is there, and a client-side
 * visit shows the page's loading state meanwhile. A failed download shows the chunk retry view.
 */
function articleBody(slug: string): TrackedBody {
  let body = bodies.get(slug);
  if (!body) {
    const importer = articles[slug];
    const pending: TrackedBody = loadChunk(async () => {
      if (!importer) throw new Error(`no article ${slug}`);
      return (await importer()).default;
    });
    // Marked settled the way React marks the promises it tracks, so `use` reads a loaded body
    // without suspending (hydration) and every render calls `use` alike. A failure is not kept:
    // the retry loads it again.
    pending.then(
      (value) => Object.assign(pending, { status: "fulfilled", value }),
      () => bodies.delete(slug),
    );
    bodies.set(slug, pending);
    body = pending;
  }
  return body;
}

/** Loads an article's body ahead (before hydrating its prerendered page); never rejects. */
export function preloadArticle(slug: string): Promise<void> {
  return articleBody(slug).then(
    () => undefined,
    () => undefined,
  );
}

function Neighbours({ post }: { post: PostMeta }) {
  const t = useT();
  const index = posts.findIndex((p) => p.slug === post.slug);
  const older = posts[index + 1];
  const newer = index > 0 ? posts[index - 1] : undefined;
  if (!older && !newer) return null;
  const card =
    "group flex flex-col gap-1 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-accent/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
  return (
    <nav aria-label={t("pages.article.more")} className="mt-14 grid gap-3 sm:grid-cols-2">
      {older ? (
        <LocalLink to={paths.blogArticle.href(older.slug)} className={card} rel="prev">
          <span className="flex items-center gap-1 text-xs text-subtle">
            <ArrowLeft className="size-3.5 rtl:-scale-x-100" aria-hidden="true" />
            {t("pages.article.previous")}
          </span>
          <span lang="en" dir="auto" className="font-medium group-hover:text-accent">
            {older.title}
          </span>
        </LocalLink>
      ) : (
        <span className="max-sm:hidden" />
      )}
      {newer ? (
        <LocalLink
          to={paths.blogArticle.href(newer.slug)}
          className={`${card} sm:text-end`}
          rel="next"
        >
          <span className="flex items-center gap-1 text-xs text-subtle sm:justify-end">
            {t("pages.article.next")}
            <ArrowRight className="size-3.5 rtl:-scale-x-100" aria-hidden="true" />
          </span>
          <span lang="en" dir="auto" className="font-medium group-hover:text-accent">
            {newer.title}
          </span>
        </LocalLink>
      ) : null}
    </nav>
  );
}

/** /blog/:slug — the article with its table of contents, author, date, tags and neighbours. */
export function BlogArticle({ post }: { post: PostMeta }) {
  const t = useT();
  // A loaded body is read at once (hydration must not suspend); otherwise this suspends until it is.
  const body = use(articleBody(post.slug));
  useScrollToHash(true);
  const headings = body.headings;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
      <PageMeta
        title={t("pages.article.title", { title: post.title })}
        description={post.summary}
        path={paths.blogArticle.href(post.slug)}
      />
      <RssAlternate />
      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_15rem] lg:gap-12">
        <article className="mx-auto w-full max-w-3xl min-w-0" data-testid="article">
          <LocalLink
            to={paths.blog.href()}
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
            {t("pages.blog.title")}
          </LocalLink>
          {/* The post (content/blog) is in English, on every language's page. */}
          <h1
            lang="en"
            dir="auto"
            className="mt-4 text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            {post.title}
          </h1>
          <p lang="en" dir="auto" className="mt-4 text-lg text-pretty text-muted">
            {post.summary}
          </p>
          <PostMetaLine post={post} withAuthor className="mt-5" />
          {post.tags.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("pages.blog.tags")}>
              {post.tags.map((tag) => (
                <li key={tag}>
                  <TagLink tag={tag} />
                </li>
              ))}
            </ul>
          ) : null}
          {post.cover ? (
            <img
              src={post.cover}
              alt=""
              className="mt-8 aspect-[2/1] w-full rounded-2xl border border-border object-cover"
            />
          ) : null}

          {headings.length > 0 ? (
            <details className="group mt-8 rounded-2xl border border-border bg-surface p-4 lg:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-medium [&::-webkit-details-marker]:hidden">
                {t("pages.article.contents")}
                <ChevronDown
                  className="size-4 text-subtle transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <div className="mt-3">
                <ArticleToc headings={headings} />
              </div>
            </details>
          ) : null}

          <div lang="en" dir="auto" className="mt-10 border-t border-border pt-8">
            <ArticleBody html={body.html} />
          </div>
          <Neighbours post={post} />
        </article>
        {headings.length > 0 ? (
          <aside className="max-lg:hidden">
            <div className="sticky top-24">
              <ArticleToc headings={headings} />
            </div>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
