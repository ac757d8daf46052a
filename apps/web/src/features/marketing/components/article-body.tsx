import "./article-prose.css";
import { type MouseEvent, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { currentLocale } from "@/lib/i18n/i18n.ts";
import { localizedHref } from "@/lib/i18n/locale-paths.ts";

/** Scrolls to the element of the URL's #fragment once the content holding it is on the page. */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape: look the fragment up as it is.
    }
    document.getElementById(id)?.scrollIntoView();
  }, [ready, hash]);
}

/**
 * Clicks on same-site links inside pre-rendered HTML navigate within the app (no page load), to
 * the page's version in the interface's language (the articles' own links are English's paths).
 */
export function useInternalLinkClick() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    const href = anchor?.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//")) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void navigate(localizedHref(href, currentLocale()));
  };
}

/**
 * An article's pre-rendered HTML (built from the repository's own markdown by the content plugin,
 * sanitised there: no raw HTML, safe links only).
 */
export function ArticleBody({
  html,
  className = "article-prose",
}: {
  html: string;
  className?: string;
}) {
  const onClick = useInternalLinkClick();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegated clicks of the links inside (Enter on a link clicks it)
    // biome-ignore lint/a11y/noStaticElementInteractions: same
    <div
      className={className}
      data-testid="article-body"
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted repository content, rendered to safe HTML at build time
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
