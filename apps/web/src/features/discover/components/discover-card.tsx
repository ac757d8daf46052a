import type { DiscoverItem } from "@nexus/contracts";
import { BookOpen, ExternalLink, MessageSquareText, Newspaper } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { FirstViewIf, firstViewMarker } from "@/lib/first-view-markers.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { formatRelativeTime } from "@/lib/relative-time.ts";
import { askHref, safeImageSrc, sourceHref } from "../lib/discover-links.ts";

const MEDIA = "aspect-video w-full border-b border-border bg-surface-2";

function MediaPlaceholder() {
  return (
    <div className={`${MEDIA} hidden items-center justify-center text-subtle sm:flex`}>
      <Newspaper className="size-8" aria-hidden="true" />
    </div>
  );
}

function MediaImage({ src, onError }: { src: string; onError?: () => void }) {
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={onError}
      className={`${MEDIA} object-cover`}
    />
  );
}

/**
 * The story's picture; without one (or when it fails) a quiet placeholder keeps a grid row even
 * (on a phone, one column, there is no row to keep even).
 */
function CardMedia({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <MediaPlaceholder />;
  return <MediaImage src={src} onError={() => setFailed(true)} />;
}

/**
 * The server's first view of a card (src/app/first-views.tsx): the card's markup with the record
 * `discoverCards`' texts as markers, and each part a record may lack as a condition. A record's
 * texts: title, summary, source, time and datetime (its age, when it has a date), media ("image",
 * "placeholder" or none), image, ask (the question's path without its first "/"), href and link
 * ("guide", "source" or none). `discoverOffline` is the feed's.
 */
export const FIRST_VIEW_CARD = "discoverCards";
const field = (key: string) => firstViewMarker(FIRST_VIEW_CARD, key);
const when = (key: string, node: ReactNode) => (
  <FirstViewIf when={`${FIRST_VIEW_CARD}.${key}`}>{node}</FirstViewIf>
);

/** One story (or curated guide): picture, source and age, title, summary, and what to do with it. */
export function DiscoverCard({
  item,
  offline,
  now,
  withMedia,
  firstView = false,
}: {
  item: DiscoverItem;
  offline: boolean;
  now: Date;
  /** Some story of the feed has a picture: every card gets the picture area. */
  withMedia: boolean;
  /** The server's first view: markers and conditions in place of the item (see above). */
  firstView?: boolean;
}) {
  const t = useT();
  const titleId = useId();
  const image = safeImageSrc(item.imageUrl);
  const href = sourceHref(item.url);
  const sourceLink = (label: string, to: string) => (
    <a
      href={to}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={titleId}
      className={buttonClasses({ size: "sm", variant: "ghost" })}
    >
      <ExternalLink className="size-3.5" aria-hidden="true" />
      {label}
      <span className="sr-only">{t("discover.newTab")}</span>
    </a>
  );
  const offlineIcon = <BookOpen className="size-3.5 shrink-0 text-accent" aria-hidden="true" />;
  const age = (dateTime: string, text: string) => (
    <>
      <span aria-hidden="true">·</span>
      <time dateTime={dateTime} className="shrink-0">
        {text}
      </time>
    </>
  );
  const summary = (text: string) => (
    <p dir="auto" className="line-clamp-3 text-sm text-muted">
      {text}
    </p>
  );
  return (
    <article
      aria-labelledby={titleId}
      data-testid="discover-card"
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface shadow-xs"
    >
      {firstView ? (
        <>
          {when("media=image", <MediaImage src={field("image")} />)}
          {when("media=placeholder", <MediaPlaceholder />)}
        </>
      ) : withMedia ? (
        <CardMedia src={image} />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-subtle">
          {firstView ? (
            <FirstViewIf when="discoverOffline">{offlineIcon}</FirstViewIf>
          ) : offline ? (
            offlineIcon
          ) : null}
          <span className="truncate font-medium text-muted" data-testid="discover-source">
            {/* A guide's source ("Nexus guide") in the interface language. */}
            {firstView ? (
              <>
                <FirstViewIf when="discoverOffline">{t("chat.citation.guide")}</FirstViewIf>
                <FirstViewIf when="!discoverOffline">{field("source")}</FirstViewIf>
              </>
            ) : offline ? (
              t("chat.citation.guide")
            ) : (
              item.source
            )}
          </span>
          {firstView
            ? when("time", age(field("datetime"), field("time")))
            : item.publishedAt
              ? age(item.publishedAt, formatRelativeTime(item.publishedAt, now))
              : null}
        </p>
        {/* Stories and guides come in their own language: each reads in its own direction. */}
        <h2
          id={titleId}
          dir="auto"
          className="line-clamp-3 text-base leading-snug font-semibold text-fg"
        >
          {firstView ? field("title") : item.title}
        </h2>
        {firstView
          ? when("summary", summary(field("summary")))
          : item.summary
            ? summary(item.summary)
            : null}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <Link
            to={firstView ? `/${field("ask")}` : askHref(item, offline)}
            aria-describedby={titleId}
            className={buttonClasses({ size: "sm" })}
          >
            <MessageSquareText className="size-3.5" aria-hidden="true" />
            {t("discover.askAbout")}
          </Link>
          {firstView ? (
            <>
              {when("link=guide", sourceLink(t("discover.readGuide"), field("href")))}
              {when("link=source", sourceLink(t("discover.source"), field("href")))}
            </>
          ) : href ? (
            sourceLink(offline ? t("discover.readGuide") : t("discover.source"), href)
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
