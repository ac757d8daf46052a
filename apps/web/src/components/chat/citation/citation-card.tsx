import { clsx } from "clsx";
import { BookOpen, ExternalLink, FileText, Globe } from "lucide-react";
import type { ReactNode } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";
import type { ResolvedCitation } from "./resolve-citation.ts";

/** The source type's icon, unless the kind has a better one (a site's favicon). */
function TypeIcon({ type }: { type: ResolvedCitation["type"] }) {
  const Icon = type === "file" ? FileText : type === "knowledge" ? BookOpen : Globe;
  return <Icon className="size-4 shrink-0 text-accent" aria-hidden="true" />;
}

/** Verified or Unverified, as a pill (a checked citation without a fuller mark). */
export function VerifiedPill({ verified }: { verified: boolean }) {
  const t = useT();
  return (
    <span
      data-testid="citation-verdict"
      data-verified={verified ? "true" : "false"}
      className={clsx(
        "shrink-0 rounded-full px-1.5 py-0.5 text-xs font-semibold",
        verified ? "bg-success-soft text-success" : "bg-warning-soft text-warning",
      )}
    >
      {verified ? t("chat.citation.verified") : t("chat.citation.unverified")}
    </span>
  );
}

/**
 * What a citation's card (hover, focus) and sheet (a tap) show, for every kind of reply: the site
 * (web), "Your files" and the page (file) or the guide, the title, the quoted passage, and the
 * check's mark — the kind's own (`mark`) or a Verified/Unverified pill.
 */
export function CitationCardBody({
  citation,
  icon,
  section,
  label,
  mark,
  note,
  passage,
  quoteTestId,
  full = false,
  linkOut = false,
}: {
  citation: ResolvedCitation;
  icon?: ReactNode;
  section?: string | null | undefined;
  /** A line above the passage (a document chat's "Page 2"). */
  label?: ReactNode;
  /** The kind's fuller mark of the check (an answer's CitationMark). */
  mark?: ReactNode;
  note?: ReactNode;
  /** The passage to show instead of the citation's own (fetched once the card opened). */
  passage?: string | null;
  quoteTestId?: string | undefined;
  /** The whole passage (a sheet) rather than its first lines (a card). */
  full?: boolean;
  /** A web citation's card links out (new tab). */
  linkOut?: boolean;
}) {
  const t = useT();
  const text = passage ?? citation.passage;
  const page = citation.file?.page ?? null;
  return (
    <>
      <span className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
        {icon ?? <TypeIcon type={citation.type} />}
        <span className="min-w-0 flex-1 truncate">
          {citation.site}
          {page !== null ? ` · ${t("place.p", { n: page })}` : ""}
        </span>
        {citation.verified !== undefined && !mark ? (
          <VerifiedPill verified={citation.verified} />
        ) : null}
        <span className="shrink-0 rounded bg-surface-2 px-1 font-medium tabular-nums text-subtle">
          {citation.n}
        </span>
      </span>
      <span className="mt-1.5 block font-medium break-words text-fg">
        <bdi>{citation.title}</bdi>
      </span>
      {section ? (
        <span className="mt-0.5 block text-xs font-medium break-words text-accent-soft-fg">
          {section}
        </span>
      ) : null}
      {label ? (
        <span className="mt-1 block text-xs font-medium text-accent-soft-fg">{label}</span>
      ) : null}
      {text ? (
        <span
          className={clsx(
            "mt-1.5 block text-xs leading-relaxed break-words text-muted",
            !full && "line-clamp-5",
          )}
        >
          {richT("chat.quoted", { text: <bdi data-testid={quoteTestId}>{text}</bdi> })}
        </span>
      ) : null}
      {note ? <span className="mt-1.5 block text-xs text-subtle">{note}</span> : null}
      {mark}
      {linkOut && citation.link && !citation.link.internal ? (
        <a
          href={citation.link.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          tabIndex={-1}
          className="mt-2 inline-flex items-center gap-1 text-xs font-medium text-accent hover:underline"
        >
          {citation.site
            ? t("chat.citation.openSite", { site: citation.site })
            : t("chat.citation.openPage")}
          <ExternalLink className="size-3" aria-hidden="true" />
        </a>
      ) : null}
    </>
  );
}
