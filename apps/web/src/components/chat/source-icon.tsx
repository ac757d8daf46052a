import { BookOpen, FileText, FileX, Globe } from "lucide-react";
import { useState } from "react";
import type { ShownSource } from "@/lib/chat/file-sources.ts";
import { isFileSource, isKnowledgeBaseSource } from "@/lib/chat/source-site.ts";
import { proxiedImageSrc } from "@/lib/image-proxy.ts";

/** The site's icon; the knowledge base's articles get a book, the person's files a page. */
export function SourceIcon({ source }: { source: ShownSource }) {
  if (source.fileDeleted) {
    return <FileX className="size-4 shrink-0 text-subtle" aria-hidden="true" />;
  }
  if (isKnowledgeBaseSource(source)) {
    return <BookOpen className="size-4 shrink-0 text-accent" aria-hidden="true" />;
  }
  if (isFileSource(source)) {
    return <FileText className="size-4 shrink-0 text-accent" aria-hidden="true" />;
  }
  return <Favicon src={source.favicon} site={source.domain} />;
}

/** The first letter or digit of a site's name ("www." skipped), upper-cased; "" when none. */
export function siteInitial(site: string): string {
  const match = /[\p{L}\p{N}]/u.exec(site.replace(/^www\./i, ""));
  return match ? match[0].toLocaleUpperCase() : "";
}

/**
 * The site's favicon through this Nexus's image proxy; without one, or when it does not load, a
 * letter tile of the site's initial (a globe when the name has no letter).
 */
export function Favicon({
  src,
  site,
  size = "size-4",
}: {
  src: string | null;
  site: string;
  size?: string;
}) {
  const [failed, setFailed] = useState(false);
  const proxied = proxiedImageSrc(src);
  if (!proxied || failed) {
    const initial = siteInitial(site);
    if (!initial) return <Globe className={`${size} shrink-0 text-subtle`} aria-hidden="true" />;
    return (
      <span
        aria-hidden="true"
        data-favicon-tile=""
        className={`${size} inline-flex shrink-0 items-center justify-center rounded-sm bg-surface-2 font-semibold text-[0.6rem] text-muted leading-none`}
      >
        {initial}
      </span>
    );
  }
  return (
    <img
      src={proxied}
      alt=""
      width={16}
      height={16}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className={`${size} shrink-0 rounded-sm`}
    />
  );
}
