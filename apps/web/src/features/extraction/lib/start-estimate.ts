import {
  EXTRACTION_ITEMS_PER_SOURCE,
  type ExtractionRowMode,
  type ExtractionSource,
} from "@nexus/contracts";

/** What the start screen says the sources are: files, web pages, and a web search's results. */
export interface StartEstimate {
  files: number;
  pages: number;
  /** The web search's result count ("up to 5 web results"), 0: no search. */
  results: number;
  /** Rows at most: a row per source (a search's results each one), or 64 per source per item. */
  rows: number;
}

export function startEstimate(
  sources: readonly ExtractionSource[],
  mode: ExtractionRowMode,
): StartEstimate {
  let files = 0;
  let pages = 0;
  let results = 0;
  for (const source of sources) {
    if (source.kind === "file") files++;
    else if (source.kind === "url") pages++;
    else results += source.count;
  }
  const perSource = files + pages + results;
  return {
    files,
    pages,
    results,
    rows: mode === "per_item" ? perSource * EXTRACTION_ITEMS_PER_SOURCE : perSource,
  };
}
