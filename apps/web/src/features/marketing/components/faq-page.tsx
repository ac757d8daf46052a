import { faq } from "virtual:nexus/faq";
import { clsx } from "clsx";
import { ChevronDown, SearchX } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { LocalLink } from "@/components/ui/local-link.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";
import { filterFaq, highlightParts, queryWords } from "../lib/faq-filter.ts";
import { ArticleBody } from "./article-body.tsx";
import { PublicPage } from "./public-page.tsx";

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
          <mark key={i} className="rounded-sm bg-accent-soft px-0.5 text-accent-soft-fg">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** The id of the URL's #fragment, or null. */
function hashId(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * /faq: a searchable accordion of content/faq.md. Each question's id is the one the knowledge base
 * cites (/faq#<id>): opening such a link opens and scrolls to that question.
 */
export function FaqPage() {
  const t = useT();
  const { hash } = useLocation();
  const [query, setQuery] = useState("");
  // Starts closed, as prerendered (the server sees no #fragment); the effect opens a linked item.
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());

  // A #question link (on load or later) opens its item and brings it into view.
  useEffect(() => {
    const id = hashId(hash);
    if (!id || !faq.items.some((item) => item.id === id)) return;
    setOpen((current) => new Set([...current, id]));
    document.getElementById(id)?.scrollIntoView();
  }, [hash]);

  const shown = filterFaq(faq.items, query);
  const words = queryWords(query);
  // While searching, answers that match only in their text are opened so the match is visible.
  const isOpen = (item: (typeof shown)[number]) =>
    open.has(item.id) ||
    (words.length > 0 && !words.every((w) => item.question.toLowerCase().includes(w)));

  const toggle = (id: string, value: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <PublicPage
      title={t("pages.faq.title")}
      description={t("pages.faq.description")}
      path={paths.faq.href()}
      intro={t("pages.faq.intro")}
      englishNote={t("pages.faq.englishNote")}
    >
      <SearchInput
        label={t("pages.faq.search")}
        placeholder={t("pages.faq.searchPlaceholder")}
        value={query}
        onChange={setQuery}
        maxLength={200}
      />
      <p className="mt-3 text-sm text-muted" aria-live="polite" data-testid="faq-count">
        {query.trim()
          ? t("pages.faq.matching", { shown: shown.length, total: faq.items.length })
          : t("pages.faq.count", { count: faq.items.length })}
      </p>

      {shown.length === 0 ? (
        <div className="mt-6">
          <EmptyState
            icon={SearchX}
            title={t("pages.faq.emptyTitle")}
            description={t("pages.faq.emptyText", { query: query.trim() })}
            testId="faq-empty"
          >
            <button
              type="button"
              className={buttonClasses({ variant: "outline" })}
              onClick={() => setQuery("")}
            >
              {t("pages.faq.showAll")}
            </button>
            <Link to={paths.app.search.href(query.trim())} className={buttonClasses({})}>
              {t("pages.faq.ask")}
            </Link>
          </EmptyState>
        </div>
      ) : (
        // content/faq.md is in English.
        <ul lang="en" dir="auto" className="mt-6 flex flex-col gap-3" data-testid="faq-list">
          {shown.map((item) => (
            <li key={item.id}>
              <details
                id={item.id}
                open={isOpen(item)}
                onToggle={(event) => {
                  const value = event.currentTarget.open;
                  if (value !== isOpen(item)) toggle(item.id, value);
                }}
                data-testid="faq-item"
                className="group scroll-mt-24 rounded-2xl border border-border bg-surface shadow-xs open:border-accent/40"
              >
                <summary
                  className={clsx(
                    "flex cursor-pointer list-none items-start justify-between gap-4 rounded-2xl px-5 py-4 font-medium",
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden",
                  )}
                >
                  <h2 className="text-base">
                    <Highlighted text={item.question} query={query} />
                  </h2>
                  <ChevronDown
                    className="mt-0.5 size-5 shrink-0 text-subtle transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <div className="px-5 pb-5">
                  <ArticleBody html={item.html} className="article-prose is-compact" />
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}

      <p className="mt-10 text-sm text-muted">
        {richT("pages.faq.stuck", {
          guides: (
            <LocalLink to={paths.blog.href()} className="text-accent hover:underline">
              {t("pages.faq.readGuides")}
            </LocalLink>
          ),
          contact: (
            <LocalLink to={paths.contact.href()} className="text-accent hover:underline">
              {t("pages.faq.contactUs")}
            </LocalLink>
          ),
        })}
      </p>
    </PublicPage>
  );
}
