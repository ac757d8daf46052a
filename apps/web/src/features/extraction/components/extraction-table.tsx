import type {
  ExtractionCell,
  ExtractionItem,
  ExtractionMark,
  ExtractionRow,
} from "@nexus/contracts";
import { clsx } from "clsx";
import { ArrowDownUp, Pencil } from "lucide-react";
import { useState } from "react";
import { Spinner } from "@/components/ui/spinner.tsx";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";

/** A cell's value as text ("—" for none). */
export function valueText(cell: ExtractionCell | undefined, yes: string, no: string): string {
  const value = cell?.value ?? null;
  if (value === null) return "—";
  if (typeof value === "boolean") return value ? yes : no;
  return Array.isArray(value) ? value.join("; ") : String(value);
}

const MARK_STYLES: Record<ExtractionMark, string> = {
  exact: "bg-success-soft text-success",
  close: "bg-success-soft text-success",
  unverified: "bg-danger-soft text-danger",
  not_found: "bg-surface-2 text-muted",
};

export function MarkBadge({ cell }: { cell: ExtractionCell }) {
  const t = useT();
  return (
    <span
      className={clsx(
        "inline-flex rounded px-1.5 py-0.5 text-xs font-medium",
        MARK_STYLES[cell.mark],
      )}
    >
      {cell.edited ? t("extraction.mark.edited") : t(`extraction.mark.${cell.mark}` as MessageId)}
    </span>
  );
}

export interface Selected {
  row: number;
  key: string;
}

type Sort = { key: string; dir: 1 | -1 } | null;

function sortValue(row: ExtractionRow, key: string): string | number {
  if (key === "") return row.source.label.toLowerCase();
  const value = row.cells[key]?.value ?? null;
  if (typeof value === "number") return value;
  if (value === null) return "";
  return (Array.isArray(value) ? value.join(" ") : String(value)).toLowerCase();
}

/**
 * The live table: a row per source (or per item found), a column per field (sticky header, sorted by a header's
 * button, filtered by mark); each cell its value and mark, a button that opens its passage.
 */
export function ExtractionTable({
  item,
  selected,
  onSelect,
}: {
  item: ExtractionItem;
  selected: Selected | null;
  /** A cell chosen, with its button (the focus goes back to it from the passage's panel). */
  onSelect: (cell: Selected, button: HTMLElement) => void;
}) {
  const t = useT();
  const [sort, setSort] = useState<Sort>(null);
  const [mark, setMark] = useState<ExtractionMark | "">("");
  const yes = t("extraction.yes");
  const no = t("extraction.no");
  const rows = item.rows.filter(
    (r) => mark === "" || Object.values(r.cells).some((c) => c.mark === mark),
  );
  if (sort)
    rows.sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      return (x < y ? -1 : x > y ? 1 : 0) * sort.dir;
    });
  const header = (key: string, label: string) => (
    <th scope="col" className="sticky top-0 z-10 bg-surface-2 px-3 py-2 text-start font-medium">
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded hover:text-fg focus-visible:outline-2"
        aria-label={t("extraction.table.sort", { column: label })}
        onClick={() =>
          setSort((s) => (s?.key === key ? { key, dir: s.dir === 1 ? -1 : 1 } : { key, dir: 1 }))
        }
      >
        {label}
        <ArrowDownUp className="size-3.5 text-subtle" aria-hidden="true" />
      </button>
    </th>
  );
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <label className="flex items-center gap-2 self-end text-sm">
        {t("extraction.table.filter")}
        <select
          className="h-8 rounded-md border border-border bg-surface px-2 text-sm"
          value={mark}
          onChange={(e) => setMark(e.target.value as ExtractionMark | "")}
        >
          <option value="">{t("extraction.table.all")}</option>
          {(["exact", "close", "unverified", "not_found"] as const).map((m) => (
            <option key={m} value={m}>
              {t(`extraction.mark.${m}` as MessageId)}
            </option>
          ))}
        </select>
      </label>
      <div
        className="max-h-[70dvh] overflow-auto rounded-xl border border-border"
        data-testid="extraction-table"
      >
        <table className="min-w-full border-collapse text-sm">
          <thead className="text-muted">
            <tr>
              {header("", t("extraction.table.source"))}
              {item.fields.map((f) => (
                <th
                  key={f.key}
                  scope="col"
                  className="sticky top-0 z-10 bg-surface-2 px-3 py-2 text-start font-medium"
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded hover:text-fg focus-visible:outline-2"
                    aria-label={t("extraction.table.sort", { column: f.name })}
                    onClick={() =>
                      setSort((s) =>
                        s?.key === f.key
                          ? { key: f.key, dir: s.dir === 1 ? -1 : 1 }
                          : { key: f.key, dir: 1 },
                      )
                    }
                  >
                    {f.name}
                    <span className="text-xs font-normal text-subtle">
                      {t(`extraction.type.${f.type}` as MessageId)}
                    </span>
                    <ArrowDownUp className="size-3.5 text-subtle" aria-hidden="true" />
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.index}
                className="border-t border-border align-top"
                data-testid="extraction-row"
              >
                <th scope="row" className="max-w-56 px-3 py-2 text-start font-medium">
                  <span className="block truncate">{row.source.label}</span>
                  {row.source.item !== null ? (
                    <span className="block text-xs font-normal text-muted">
                      {t("extraction.row.item", { n: row.source.item + 1 })}
                    </span>
                  ) : null}
                  {row.status === "pending" ? (
                    <span className="mt-1 inline-flex items-center gap-1 text-xs text-muted">
                      <Spinner /> {t("extraction.row.pending")}
                    </span>
                  ) : row.status === "failed" ? (
                    <span className="mt-1 block text-xs text-danger">{row.error}</span>
                  ) : null}
                </th>
                {item.fields.map((f) => {
                  const cell = row.cells[f.key];
                  const active = selected?.row === row.index && selected.key === f.key;
                  return (
                    <td key={f.key} className="min-w-40 px-1 py-1">
                      {cell ? (
                        <button
                          type="button"
                          data-testid="extraction-cell"
                          aria-pressed={active}
                          onClick={(e) => onSelect({ row: row.index, key: f.key }, e.currentTarget)}
                          className={clsx(
                            "flex w-full flex-col items-start gap-1 rounded-md px-2 py-1.5 text-start hover:bg-surface-2 focus-visible:outline-2",
                            active && "bg-accent/10 ring-1 ring-accent",
                          )}
                        >
                          <span className="break-words">
                            {valueText(cell, yes, no)}
                            {cell.edited ? (
                              <Pencil
                                className="ms-1 inline size-3 text-subtle"
                                aria-hidden="true"
                              />
                            ) : null}
                          </span>
                          <MarkBadge cell={cell} />
                        </button>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
