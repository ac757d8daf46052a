/**
 * One page of a keyset-paged list. The repository is asked for `limit + 1` rows: the extra row
 * only says that there is a next page, whose cursor is made from the last row shown.
 */
export function keysetPage<Row>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (last: Row) => string,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
