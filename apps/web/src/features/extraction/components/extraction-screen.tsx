import {
  EXTRACTION_EXPORT_FORMATS,
  EXTRACTION_EXPORT_LABELS,
  EXTRACTION_ITEMS_PER_SOURCE,
} from "@nexus/contracts";
import { ArrowLeft, CircleStop } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useCitationPanel } from "@/components/chat/citation/citation-panel-context.ts";
import { ExportMenu } from "@/components/export-menu.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Page } from "@/components/ui/page.tsx";
import { Sheet } from "@/components/ui/sheet.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import { useExtraction, useExtractionActions } from "../api/extractions.ts";
import { cellPassage } from "../lib/cell-passage.ts";
import { cappedSources } from "../lib/row-items.ts";
import { useExtractionLive } from "../lib/use-extraction-live.ts";
import { AddField } from "./add-field.tsx";
import { CellDetail } from "./cell-detail.tsx";
import { ExtractionTable, type Selected } from "./extraction-table.tsx";
import { NewExtraction } from "./new-extraction.tsx";
import { PastExtractions } from "./past-extractions.tsx";

/** Documents with the quotes beside the values, then the table as data. */
const EXPORT_CHOICES = EXTRACTION_EXPORT_FORMATS.map((format) => ({
  format,
  label: EXTRACTION_EXPORT_LABELS[format],
}));

function useWide(): boolean {
  const query = "(min-width: 1024px)";
  const [wide, setWide] = useState(() => window.matchMedia?.(query).matches ?? true);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const on = () => setWide(list.matches);
    list.addEventListener("change", on);
    return () => list.removeEventListener("change", on);
  }, []);
  return wide;
}

/** One extraction: its live table, the selected cell's passage beside it (a sheet on a phone). */
function ExtractionView({ id }: { id: string }) {
  const t = useT();
  const query = useExtraction(id);
  useExtractionLive(query.data);
  const { cancel } = useExtractionActions(id);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const cellButton = useRef<HTMLElement | null>(null);
  const openPanel = useCitationPanel();
  const wide = useWide();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <Page title={t("extraction.title")}>
          <Alert kind="error">{t("extraction.notFound")}</Alert>
        </Page>
      );
    return (
      <LoadError
        what={t("extraction.loadOne")}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const item = query.data;
  const running = item.status === "queued" || item.status === "running";
  const passage = selected ? cellPassage(item, selected) : null;
  // The cell's passage in the panel answers' citations open (a sheet on a phone, which takes the
  // cell's own sheet's place); the focus goes back to the cell.
  const showPassage = (returnFocus: HTMLElement | null) => {
    if (!passage || !openPanel || !returnFocus) return;
    setSheetOpen(false);
    openPanel({ passage, returnFocus });
  };
  const select = (cell: Selected, button: HTMLElement) => {
    cellButton.current = button;
    setSelected(cell);
    const found = cellPassage(item, cell);
    if (wide && found && openPanel) openPanel({ passage: found, returnFocus: button });
    else if (!wide) setSheetOpen(true);
  };
  const detail = selected ? (
    <CellDetail
      item={item}
      selected={selected}
      onShowPassage={
        passage && openPanel
          ? (button) => showPassage(wide ? button : cellButton.current)
          : undefined
      }
    />
  ) : null;
  return (
    <Page
      title={item.title}
      width="wide"
      description={`${t(`extraction.status.${item.status}` as MessageId)} · ${t("extraction.past.rows", { done: item.rowsDone, total: item.rows.length })}`}
      actions={
        <>
          {running ? (
            <Button
              variant="outline"
              size="sm"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              <CircleStop className="size-4" aria-hidden="true" />
              {t("extraction.cancel")}
            </Button>
          ) : null}
          <ExportMenu
            path={`/extractions/${encodeURIComponent(item.id)}/export`}
            formats={EXPORT_CHOICES}
            testId="extraction-export"
          />
        </>
      }
    >
      <Link
        to={paths.app.extraction.href()}
        className="mb-4 inline-flex items-center gap-1 text-sm text-muted hover:text-fg"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t("extraction.back")}
      </Link>
      {item.error ? <Alert kind="error">{item.error}</Alert> : null}
      {cappedSources(item).map((label) => (
        <Alert key={label} kind="info" className="mt-2">
          {t("extraction.items.capped", { source: label, max: EXTRACTION_ITEMS_PER_SOURCE })}
        </Alert>
      ))}
      <div className="mt-4">
        <AddField item={item} />
      </div>
      {/* Beside the table when there is room (the shared panel, open, takes some of it). */}
      <div className="@container mt-4">
        <div className="grid grid-cols-1 gap-6 @4xl:grid-cols-[minmax(0,1fr)_22rem]">
          <ExtractionTable item={item} selected={selected} onSelect={select} />
          {wide ? (
            <aside
              className="rounded-xl border border-border bg-surface p-4"
              aria-label={t("extraction.detail.title")}
            >
              {detail ?? <p className="text-sm text-muted">{t("extraction.detail.empty")}</p>}
            </aside>
          ) : null}
        </div>
      </div>
      {!wide ? (
        <Sheet
          open={sheetOpen && selected !== null}
          onOpenChange={setSheetOpen}
          returnFocusRef={cellButton}
          side="bottom"
          title={t("extraction.detail.title")}
        >
          <div className="overflow-y-auto p-4">{detail}</div>
        </Sheet>
      ) : null}
    </Page>
  );
}

/** /app/agents/structured-information-extraction(/:threadId) */
export function ExtractionScreen({ id }: { id?: string }) {
  const t = useT();
  if (id) return <ExtractionView id={id} />;
  return (
    <Page title={t("extraction.title")} description={t("extraction.description")} width="wide">
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <NewExtraction />
        <section aria-labelledby="extraction-past-title" className="flex flex-col gap-3">
          <h2 id="extraction-past-title" className="text-lg font-semibold">
            {t("extraction.past.title")}
          </h2>
          <PastExtractions />
        </section>
      </div>
    </Page>
  );
}
