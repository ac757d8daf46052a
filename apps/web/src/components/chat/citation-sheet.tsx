import { ExternalLink, PanelRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Sheet } from "@/components/ui/sheet.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { CitationCardBody } from "./citation/citation-card.tsx";
import type { ResolvedCitation } from "./citation/resolve-citation.ts";

const ACTION =
  "inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";
const PRIMARY = `${ACTION} bg-accent text-accent-fg hover:bg-accent-hover`;
const SECONDARY = `${ACTION} border border-border bg-surface text-fg hover:bg-surface-2`;

/**
 * A citation in a bottom sheet (a tapped chip on a touch screen): read it, then show a file's
 * passage in the viewer, open its document chat, or open a web page; close it.
 */
export function CitationSheet({
  citation,
  icon,
  section,
  mark,
  passage,
  onShowFile,
  onOpenChange,
}: {
  citation: ResolvedCitation;
  icon?: ReactNode;
  section?: string | null | undefined;
  /** The kind's mark of the citation's check, if the reply was checked. */
  mark?: ReactNode;
  passage?: string | null;
  /** Shows the file's passage in the viewer beside the reading (when the screen has one). */
  onShowFile?: (() => void) | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const link = citation.link;
  return (
    <Sheet
      open
      onOpenChange={onOpenChange}
      side="bottom"
      title={t("chat.citation.source", { n: citation.n })}
      testId="citation-sheet"
    >
      <div className="flex flex-col gap-4 p-4 text-sm">
        <p>
          <CitationCardBody
            citation={citation}
            icon={icon}
            section={section}
            mark={mark}
            passage={passage ?? null}
            full
          />
        </p>
        {onShowFile ? (
          <button type="button" onClick={onShowFile} className={PRIMARY}>
            <PanelRight className="size-4" aria-hidden="true" />
            {t("chat.citation.showInDocument")}
          </button>
        ) : null}
        {link?.internal ? (
          // A passage of the person's file (its document chat) or a page of this Nexus, in the app.
          <Link
            to={link.href}
            onClick={() => onOpenChange(false)}
            className={onShowFile ? SECONDARY : PRIMARY}
          >
            {citation.type === "file"
              ? t("chat.citation.openDocumentChat")
              : t("chat.citation.openPage")}
          </Link>
        ) : link ? (
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className={PRIMARY}
          >
            {t("chat.citation.openSource")}
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        ) : (
          <p className="text-xs text-subtle">{t("chat.citation.noLink")}</p>
        )}
      </div>
    </Sheet>
  );
}
