import type { ResearchSource } from "@nexus/contracts";
import { createContext, type ReactNode, use } from "react";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { documentLinkOf } from "@/lib/chat/document-link.ts";
import { toSafeSourceUrl } from "@/lib/chat/safe-url.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { fileTitle, linkedPage } from "@/lib/passage-label.ts";

/**
 * Where a source opens: a file in the document viewer at its passage (its viewer link, else the
 * file), a guide page or a web page (only a safe URL); null when nowhere.
 */
export function sourceTarget(
  source: Pick<ResearchSource, "url" | "fileId" | "kind">,
  quote?: string | null,
): { internal: boolean; href: string } | null {
  const viewer = documentLinkOf(source.url);
  // A checked quote goes with a passage's link: the viewer marks those words in the passage.
  if (viewer)
    return {
      internal: true,
      href:
        quote && viewer.ordinal !== null
          ? `${viewer.path}${viewer.path.includes("?") ? "&" : "?"}quote=${encodeURIComponent(quote.slice(0, 500))}`
          : viewer.path,
    };
  // A PDF's viewer link (/app/pdf-chat/<id>/…): as it is, with its passage.
  if (source.fileId && /^\/app\/pdf-chat\/[^/?#]+(?:[/?#]|$)/.test(source.url))
    return { internal: true, href: source.url };
  if (source.fileId) return { internal: true, href: paths.app.documentChat.href(source.fileId) };
  const origin = typeof window === "undefined" ? "http://localhost" : window.location.origin;
  const safe = toSafeSourceUrl(source.url, origin);
  if (!safe) return null;
  return safe.href.startsWith(`${origin}/`)
    ? { internal: true, href: safe.href.slice(origin.length) }
    : { internal: false, href: safe.href };
}

/**
 * A source's title as the lists show it: a file's passage ("deck.pptx, slide 4") in the interface's
 * language (lib/passage-label.ts), any other as it came (else its address).
 */
export function sourceTitle(source: Pick<ResearchSource, "url" | "kind" | "title">): string {
  if (source.kind === "file" && source.title)
    return fileTitle(source.title, linkedPage(source.url));
  return source.title || source.url;
}

/** The site a source is shown under: a domain, "Your files" or "Nexus guide". */
export function sourceSite(source: Pick<ResearchSource, "url" | "kind">): string {
  if (source.kind === "file") return t("chat.attach.yourFiles");
  if (source.kind === "knowledge" || source.url.startsWith("/")) return t("chat.citation.guide");
  try {
    return new URL(source.url).hostname.replace(/^www\./, "");
  } catch {
    return source.url;
  }
}

/**
 * False on a share page: the author's files are named and quoted, never linked (only their owner
 * can open them).
 */
export const LinkFilesContext = createContext(true);

/** A link to a source (internal in the app, external in a new tab), or its children when none. */
export function SourceLink({
  source,
  quote,
  className,
  children,
  testId,
}: {
  source: Pick<ResearchSource, "url" | "fileId" | "kind">;
  /** A checked quote of the source: a file's passage opens with those words marked. */
  quote?: string | null;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const linkFiles = use(LinkFilesContext);
  const target = !linkFiles && source.kind === "file" ? null : sourceTarget(source, quote);
  if (!target)
    return (
      <span className={className} data-testid={testId}>
        {children}
      </span>
    );
  if (target.internal)
    return (
      <Link to={target.href} className={className} data-testid={testId}>
        {children}
      </Link>
    );
  return (
    <a
      href={target.href}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      className={className}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
