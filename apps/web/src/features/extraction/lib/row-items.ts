import { EXTRACTION_ITEMS_PER_SOURCE, type ExtractionItem } from "@nexus/contracts";

/**
 * The sources of a per-item extraction that reached the cap of items a source (their last item's
 * index is the last there can be): the screen says that any after those are not in the table.
 */
export function cappedSources(item: Pick<ExtractionItem, "rows">): string[] {
  const labels = item.rows
    .filter((row) => row.source.item === EXTRACTION_ITEMS_PER_SOURCE - 1)
    .map((row) => row.source.label);
  return [...new Set(labels)];
}
