import type { DocumentText } from "@nexus/contracts";
import type { RefObject } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { placeLabel } from "@/lib/passage-label.ts";

/** A chapter's name in the list: its label and first heading ("Chapter 3 · The voyage"). */
export function chapterName(page: DocumentText["pages"][number]): string {
  const first = page.text.split("\n", 1)[0]?.trim() ?? "";
  const title = first.length > 60 ? `${first.slice(0, 59)}…` : first;
  const label = placeLabel(page.label, page.page);
  return title && title !== page.label ? `${label} · ${title}` : label;
}

/**
 * An e-book's chapters, one per page (EPUB by chapter): a list in the toolbar that brings a chapter
 * to the top of the pane. Chapters with no text (a cover image) are left out of the view and list.
 */
export function ChapterNav({
  pages,
  pane,
}: {
  pages: DocumentText["pages"];
  pane: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  return (
    <select
      aria-label={t("documents.chapter.select")}
      data-testid="chapter-nav"
      className="h-8 w-32 truncate rounded-md border border-border bg-surface-2 px-1 text-xs text-fg sm:w-40"
      defaultValue=""
      onChange={(event) => {
        const scroller = pane.current;
        const target = scroller?.querySelector(`[data-chapter="${event.target.value}"]`);
        if (scroller && target)
          scroller.scrollTop +=
            target.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 8;
      }}
    >
      <option value="" disabled>
        {t("documents.chapter.list")}
      </option>
      {pages.map((page) => (
        <option key={page.page} value={page.page}>
          {chapterName(page)}
        </option>
      ))}
    </select>
  );
}
