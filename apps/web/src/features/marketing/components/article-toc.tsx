import { clsx } from "clsx";
import { useEffect, useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import type { TocHeading } from "../lib/article.ts";

/** The heading nearest the top of the viewport, for marking the ToC entry being read. */
function useActiveHeading(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (ids.length === 0 || typeof IntersectionObserver === "undefined") return;
    const visible = new Map<string, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target.id, entry.isIntersecting);
        const first = ids.find((id) => visible.get(id));
        if (first) setActive(first);
      },
      { rootMargin: "-80px 0px -65% 0px" },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [ids]);
  return active;
}

/** "On this page": links to the article's h2/h3 headings (same ids the knowledge base cites). */
export function ArticleToc({ headings }: { headings: readonly TocHeading[] }) {
  const t = useT();
  const [ids] = useState(() => headings.map((h) => h.id));
  const active = useActiveHeading(ids);
  if (headings.length === 0) return null;
  return (
    <nav aria-label={t("pages.article.onThisPage")} data-testid="article-toc">
      <p className="text-xs font-semibold tracking-wide text-subtle uppercase">
        {t("pages.article.onThisPage")}
      </p>
      <ol lang="en" dir="auto" className="mt-3 flex flex-col gap-1 border-s border-border text-sm">
        {headings.map((heading) => (
          <li key={heading.id}>
            <a
              href={`#${heading.id}`}
              aria-current={active === heading.id ? "location" : undefined}
              className={clsx(
                "-ms-px block border-s py-1 pe-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                heading.depth === 3 ? "ps-6" : "ps-3",
                active === heading.id
                  ? "border-accent font-medium text-accent"
                  : "border-transparent text-muted hover:border-border hover:text-fg",
              )}
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
