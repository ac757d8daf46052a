import { posts } from "virtual:nexus/blog-index";
import { Newspaper } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { paths } from "@/config/paths.ts";
import { filterByTag, tagsOf } from "../lib/tag-filter.ts";
import { PostMetaLine } from "./post-meta-line.tsx";
import { PublicPage } from "./public-page.tsx";
import { RssAlternate, RssLink } from "./rss-link.tsx";
import { TagLink, tagHref } from "./tag-link.tsx";

const ALL_TAGS = tagsOf(posts);

/** /blog: every post, newest first, filterable by tag (?tag=…). */
export function BlogList() {
  const [params] = useSearchParams();
  const tag = params.get("tag");
  const shown = filterByTag(posts, tag);
  const countOf = (t: string) => filterByTag(posts, t).length;

  return (
    <PublicPage
      title="Blog"
      description="Guides to using and self-hosting Nexus, the open AI answer and search assistant: getting started, models, search providers, agents, sharing and plans."
      path={paths.blog.href()}
      intro="Guides to using and hosting Nexus, and notes from the team. Every post also feeds the built-in knowledge base, so Nexus can answer from it."
    >
      <RssAlternate />
      <nav aria-label="Filter posts by tag" className="flex flex-wrap items-center gap-2">
        <TagLink tag={null} label="All" active={!tag} count={posts.length} />
        {ALL_TAGS.map((t) => (
          <TagLink key={t} tag={t} active={t === tag} count={countOf(t)} />
        ))}
      </nav>
      <div className="mt-6 flex items-center justify-between gap-4 border-b border-border pb-3">
        <p className="text-sm text-muted" aria-live="polite" data-testid="post-count">
          {tag
            ? `${shown.length} ${shown.length === 1 ? "post" : "posts"} tagged “${tag}”`
            : `${shown.length} posts`}
        </p>
        <RssLink />
      </div>

      {shown.length === 0 ? (
        <EmptyState
          icon={Newspaper}
          title="No posts with this tag"
          description={`Nothing is tagged “${tag}” yet.`}
          testId="blog-empty"
        >
          <Link to={tagHref(null)} className={buttonClasses({ variant: "outline" })}>
            Show all posts
          </Link>
        </EmptyState>
      ) : (
        <ol className="divide-y divide-border" data-testid="post-list">
          {shown.map((post) => (
            <li key={post.slug}>
              <article className="py-7" data-testid="post-item">
                <PostMetaLine post={post} />
                <h2 className="mt-2 text-xl font-semibold tracking-tight">
                  <Link
                    to={paths.blogArticle.href(post.slug)}
                    className="rounded hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 text-muted">{post.summary}</p>
                {post.tags.length > 0 ? (
                  <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tags">
                    {post.tags.map((t) => (
                      <li key={t}>
                        <TagLink tag={t} active={t === tag} />
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
