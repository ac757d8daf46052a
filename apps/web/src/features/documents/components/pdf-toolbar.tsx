import {
  ChevronLeft,
  ChevronRight,
  GalleryVertical,
  ListTree,
  Maximize,
  Minus,
  MoveHorizontal,
  Plus,
  Search,
} from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { formatNumber, formatPercent } from "@/lib/format.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { stepZoom } from "../lib/zoom.ts";

/** The PDF viewer's zoom steps (a pinch may land between them). */
export const PDF_ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/**
 * The PDF viewer's toolbar, one row at every width: outline, thumbnails, page navigation, zoom
 * (its steps hidden on a phone, where pinching zooms), fit width, fit page, and find behind its
 * icon (the find row opens under the toolbar).
 */
export function PdfToolbar({
  outline,
  onOutline,
  thumbs,
  onThumbs,
  current,
  pages,
  goTo,
  zoom,
  setZoom,
  onFitPage,
  findOpen,
  onFind,
}: {
  outline: boolean;
  onOutline: () => void;
  thumbs: boolean;
  onThumbs: () => void;
  current: number;
  pages: number;
  goTo: (page: number) => void;
  zoom: number;
  setZoom: (zoom: number | ((z: number) => number)) => void;
  onFitPage: () => void;
  findOpen: boolean;
  onFind: () => void;
}) {
  const t = useT();
  return (
    <div className="flex flex-nowrap items-center gap-1 overflow-x-auto border-b border-border bg-surface px-2 py-1.5 text-sm">
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("documents.toolbar.outline")}
        aria-pressed={outline}
        onClick={onOutline}
      >
        <ListTree className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("documents.toolbar.thumbnails")}
        aria-pressed={thumbs}
        onClick={onThumbs}
      >
        <GalleryVertical className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("documents.toolbar.previousPage")}
        onClick={() => goTo(current - 1)}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </Button>
      <label className="flex shrink-0 items-center gap-1 whitespace-nowrap text-muted">
        <span className="sr-only">{t("documents.toolbar.page")}</span>
        <input
          key={current}
          defaultValue={current}
          inputMode="numeric"
          aria-label={t("documents.toolbar.pageNumber")}
          className="h-8 w-12 rounded-md border border-border bg-surface px-1 text-center text-fg max-sm:w-10"
          onKeyDown={(e) => {
            if (e.key === "Enter") goTo(Number((e.target as HTMLInputElement).value) || 1);
          }}
        />
        <span>{t("documents.toolbar.ofPages", { count: pages ? formatNumber(pages) : "…" })}</span>
      </label>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("documents.toolbar.nextPage")}
        onClick={() => goTo(current + 1)}
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </Button>
      <span className="mx-1 h-5 w-px shrink-0 bg-border max-sm:hidden" aria-hidden="true" />
      {/* Zoom steps from a tablet up; on a phone, pinching zooms (and a Button's own display
          class would beat a "hidden" given to it, so the group is hidden instead). */}
      <span className="hidden items-center gap-1 sm:flex">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("documents.zoomOut")}
          disabled={zoom <= (PDF_ZOOMS[0] ?? 0)}
          onClick={() => setZoom((z) => stepZoom(PDF_ZOOMS, z, -1))}
        >
          <Minus className="size-4" aria-hidden="true" />
        </Button>
        <span className="w-12 text-center tabular-nums text-muted" aria-live="polite">
          {formatPercent(zoom)}
        </span>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("documents.zoomIn")}
          disabled={zoom >= (PDF_ZOOMS.at(-1) ?? 0)}
          onClick={() => setZoom((z) => stepZoom(PDF_ZOOMS, z, 1))}
        >
          <Plus className="size-4" aria-hidden="true" />
        </Button>
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("documents.toolbar.fitWidth")}
        aria-pressed={zoom === 1}
        onClick={() => setZoom(1)}
      >
        <MoveHorizontal className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("documents.toolbar.fitPage")}
        onClick={onFitPage}
      >
        <Maximize className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="ml-auto"
        aria-label={t("documents.find.open")}
        aria-expanded={findOpen}
        onClick={onFind}
      >
        <Search className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
