import type { ExtractionItem } from "@nexus/contracts";
import type { FilePassage } from "@/components/chat/citation/resolve-citation.ts";
import { paths } from "@/config/paths.ts";

/**
 * A cell's passage as the shared citation panel opens it (the same panel an answer's file
 * citation opens): the file at the passage its quote begins in, the quote's words marked when
 * the check found them. Null: the cell has no place in a file (a web page's, or a quote not found).
 */
export function cellPassage(
  item: ExtractionItem,
  selected: { row: number; key: string },
): FilePassage | null {
  const row = item.rows.find((r) => r.index === selected.row);
  const cell = row?.cells[selected.key];
  const fileId = row?.source.fileId;
  const chunk = cell?.place?.chunk;
  if (!row || !cell || !fileId || chunk === null || chunk === undefined) return null;
  const checked = cell.mark === "exact" || cell.mark === "close";
  const quote = checked ? cell.quote : null;
  const query = `?chunk=${chunk}${quote ? `&quote=${encodeURIComponent(quote)}` : ""}`;
  return {
    fileId,
    ordinal: chunk,
    page: cell.place?.page ?? null,
    quote,
    name: row.source.label,
    chatHref: `${paths.app.documentChat.href(fileId)}${query}`,
  };
}
