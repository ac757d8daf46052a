import { Rss } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";

/** The blog's RSS feed (served by the server from content/blog). */
export const RSS_HREF = "/blog/rss.xml";

/** Announces the feed to browsers and feed readers (React hoists the <link> into <head>). */
export function RssAlternate() {
  const t = useT();
  return (
    <link
      rel="alternate"
      type="application/rss+xml"
      title={t("pages.blog.rssTitle")}
      href={RSS_HREF}
    />
  );
}

export function RssLink() {
  const t = useT();
  return (
    <a
      href={RSS_HREF}
      className="inline-flex items-center gap-1.5 rounded text-sm text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Rss className="size-4 text-accent" aria-hidden="true" />
      {t("pages.blog.rss")}
    </a>
  );
}
