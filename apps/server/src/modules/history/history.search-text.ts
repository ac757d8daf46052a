/** Words beyond this many are ignored (a search box, not a document). */
const MAX_WORDS = 12;

/**
 * The `to_tsquery('simple', …)` text for a history or library search: every word must match, the
 * last one as a prefix so results follow typing ("rus" finds "rust"). Only letters, marks and
 * digits survive, each word quoted, so the text is always valid tsquery syntax. Null when `q`
 * holds no word at all.
 */
export function prefixTsQuery(q: string): string | null {
  const words = (
    q
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  ).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((w, i) => `'${w}'${i === words.length - 1 ? ":*" : ""}`).join(" & ");
}

/** The search text of `q`: undefined for no search, null for a search that can match nothing. */
export function searchOf(q: string | undefined): string | null | undefined {
  if (q === undefined || q === "") return undefined;
  return prefixTsQuery(q);
}
