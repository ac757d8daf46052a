import type { DiscoverItem } from "@nexus/contracts";
import { BookOpen, ExternalLink, MessageSquareText, Newspaper } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { formatRelativeTime } from "@/lib/relative-time.ts";
import { askHref, safeImageSrc, sourceHref } from "../lib/discover-links.ts";

const MEDIA = "aspect-video w-full border-b border-border bg-surface-2";

/**
 * The story's picture; without one (or when it fails) a quiet placeholder keeps a grid row even
 * (on a phone, one column, there is no row to keep even).
 */
function CardMedia({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={`${MEDIA} hidden items-center justify-center text-subtle sm:flex`}>
        <Newspaper className="size-8" aria-hidden="true" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={`${MEDIA} object-cover`}
    />
  );
}

/** One story (or curated guide): picture, source and age, title, summary, and what to do with it. */
export function DiscoverCard({
  item,
  offline,
  now,
  withMedia,
}: {
  item: DiscoverItem;
  offline: boolean;
  now: Date;
  /** Some story of the feed has a picture: every card gets the picture area. */
  withMedia: boolean;
}) {
  const t = useT();
  const titleId = useId();
  const image = safeImageSrc(item.imageUrl);
  const href = sourceHref(item.url);
  return (
    <article
      aria-labelledby={titleId}
      data-testid="discover-card"
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-xs"
    >
      {withMedia ? <CardMedia src={image} /> : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-subtle">
          {offline ? (
            <BookOpen className="size-3.5 shrink-0 text-accent" aria-hidden="true" />
          ) : null}
          <span className="truncate font-medium text-muted" data-testid="discover-source">
            {item.source}
          </span>
          {item.publishedAt ? (
            <>
              <span aria-hidden="true">·</span>
              <time dateTime={item.publishedAt} className="shrink-0">
                {formatRelativeTime(item.publishedAt, now)}
              </time>
            </>
          ) : null}
        </p>
        <h2 id={titleId} className="line-clamp-3 text-base leading-snug font-semibold text-fg">
          {item.title}
        </h2>
        {item.summary ? <p className="line-clamp-3 text-sm text-muted">{item.summary}</p> : null}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <Link
            to={askHref(item, offline)}
            aria-describedby={titleId}
            className={buttonClasses({ size: "sm" })}
          >
            <MessageSquareText className="size-3.5" aria-hidden="true" />
            {t("discover.askAbout")}
          </Link>
          {href ? (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={titleId}
              className={buttonClasses({ size: "sm", variant: "ghost" })}
            >
              <ExternalLink className="size-3.5" aria-hidden="true" />
              {offline ? t("discover.readGuide") : t("discover.source")}
              <span className="sr-only">{t("discover.newTab")}</span>
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function DiscoverCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-xs">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="flex flex-col gap-2.5 p-4">
        <Skeleton className="h-3 w-28" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-2/3" />
        <Skeleton className="mt-2 h-8 w-32 rounded-lg" />
      </div>
    </div>
  );
}
