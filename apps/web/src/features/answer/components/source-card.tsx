import type { AnswerSource } from "@nexus/contracts";
import { BookOpen, Globe } from "lucide-react";
import { useState } from "react";
import { isKnowledgeBaseSource, sourceSiteName } from "../lib/source-site.ts";

/** Only http(s) images are loaded; anything else shows the globe. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Where a source links: an http(s) address, or a page of this Nexus (local sources: "/blog/…"). */
export function sourceHref(url: string): string | undefined {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return url;
  return isHttpUrl(url) ? url : undefined;
}

/** The site's icon; the knowledge base's articles get a book. */
export function SourceIcon({ source }: { source: AnswerSource }) {
  if (isKnowledgeBaseSource(source)) {
    return <BookOpen className="size-4 shrink-0 text-accent" aria-hidden="true" />;
  }
  return <Favicon src={source.favicon} />;
}

export function Favicon({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!isHttpUrl(src) || failed) {
    return <Globe className="size-4 shrink-0 text-subtle" aria-hidden="true" />;
  }
  return (
    <img
      src={src}
      alt=""
      width={16}
      height={16}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="size-4 shrink-0 rounded-sm"
    />
  );
}

/** One numbered source: [n] in the answer links here. */
export function SourceCard({
  source,
  number,
  onPreview,
}: {
  source: AnswerSource;
  number: number;
  onPreview: (number: number | null) => void;
}) {
  const href = sourceHref(source.url);
  const site = sourceSiteName(source);
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      data-testid="source-card"
      data-source={number}
      aria-label={`Source ${number}: ${source.title} (${site})`}
      onMouseEnter={() => onPreview(number)}
      onMouseLeave={() => onPreview(null)}
      onFocus={() => onPreview(number)}
      onBlur={() => onPreview(null)}
      className="flex w-full min-w-0 flex-col justify-between gap-2 rounded-xl border border-border bg-surface p-2.5 text-left transition-colors hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="line-clamp-2 text-xs font-medium break-words text-fg">{source.title}</span>
      <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
        <SourceIcon source={source} />
        <span className="min-w-0 flex-1 truncate">{site}</span>
        <span className="shrink-0 rounded bg-surface-2 px-1 font-medium tabular-nums text-subtle">
          {number}
        </span>
      </span>
    </a>
  );
}
