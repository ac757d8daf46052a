import { clsx } from "clsx";
import { intlLocale, useT } from "@/lib/i18n/i18n.ts";
import { formatPostDate, type PostMeta } from "../lib/post-meta.ts";

/** "Nov 21, 2026 · 6 min read" (and the author when asked). */
export function PostMetaLine({
  post,
  withAuthor = false,
  className,
}: {
  post: PostMeta;
  withAuthor?: boolean;
  className?: string;
}) {
  const t = useT();
  return (
    <p
      className={clsx("flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-subtle", className)}
    >
      {withAuthor ? (
        <>
          <span className="font-medium text-muted">
            {post.author ?? t("marketing.team", { name: "Nexus" })}
          </span>
          <span aria-hidden="true">·</span>
        </>
      ) : null}
      <time dateTime={post.date}>{formatPostDate(post.date, intlLocale())}</time>
      <span aria-hidden="true">·</span>
      <span>{t("pages.blog.readingTime", { minutes: post.readingMinutes })}</span>
    </p>
  );
}
