import { posts } from "virtual:nexus/blog-index";
import { Newspaper } from "lucide-react";
import { useSearchParams } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { LocalLink } from "@/components/ui/local-link.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { filterByTag, tagsOf } from "../lib/tag-filter.ts";
import { PostMetaLine } from "./post-meta-line.tsx";
import { PublicPage } from "./public-page.tsx";
import { RssAlternate, RssLink } from "./rss-link.tsx";
import { TagLink, tagHref } from "./tag-link.tsx";

const ALL_TAGS = tagsOf(posts);

/** /blog: every post, newest first, filterable by tag (?tag=…). */
export function BlogList() {
  const t = useT();
  const [params] = useSearchParams();
  const tag = params.get("tag");
  const shown = filterByTag(posts, tag);
  const countOf = (tag: string) => filterByTag(posts, tag).length;

  return (
    <PublicPage
      title={t("pages.blog.title")}
      description={t("pages.blog.description")}
      path={paths.blog.href()}
      intro={t("pages.blog.intro")}
      englishNote={t("pages.blog.englishNote")}
    >
      <RssAlternate />
      <nav aria-label={t("pages.blog.filter")} className="flex flex-wrap items-center gap-2">
        <TagLink tag={null} label={t("pages.blog.all")} active={!tag} count={posts.length} />
        {ALL_TAGS.map((each) => (
          <TagLink key={each} tag={each} active={each === tag} count={countOf(each)} />
        ))}
      </nav>
      <div className="mt-6 flex items-center justify-between gap-4 border-b border-border pb-3">
        <p className="text-sm text-muted" aria-live="polite" data-testid="post-count">
          {tag
            ? t("pages.blog.tagged", { count: shown.length, tag })
            : t("pages.blog.count", { count: shown.length })}
        </p>
        <RssLink />
      </div>

      {shown.length === 0 ? (
        <EmptyState
          icon={Newspaper}
          title={t("pages.blog.emptyTitle")}
          description={t("pages.blog.emptyText", { tag: tag ?? "" })}
          testId="blog-empty"
        >
          <LocalLink to={tagHref(null)} className={buttonClasses({ variant: "outline" })}>
            {t("pages.blog.showAll")}
          </LocalLink>
        </EmptyState>
      ) : (
        <ol className="divide-y divide-border" data-testid="post-list">
          {/* The posts (content/blog) are in English: their titles and summaries are marked so. */}
          {shown.map((post) => (
            <li key={post.slug}>
              <article className="py-7" data-testid="post-item">
                <PostMetaLine post={post} />
                <h2 lang="en" dir="auto" className="mt-2 text-xl font-semibold tracking-tight">
                  <LocalLink
                    to={paths.blogArticle.href(post.slug)}
                    className="rounded hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    {post.title}
                  </LocalLink>
                </h2>
                <p lang="en" dir="auto" className="mt-2 text-muted">
                  {post.summary}
                </p>
                {post.tags.length > 0 ? (
                  <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("pages.blog.tags")}>
                    {post.tags.map((each) => (
                      <li key={each}>
                        <TagLink tag={each} active={each === tag} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </PublicPage>
  );
}
