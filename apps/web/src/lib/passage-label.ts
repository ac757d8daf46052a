import { t } from "./i18n/i18n.ts";

/**
 * The places the server names in English (documents.service's pageLabel and rangeLabel, contracts'
 * sheetRangeLabel and fileCitationTitle: "Page 3", "Slide 2", "Sheet 1, rows 1–11", "Rows 2–5",
 * "Text", "report.pdf, p. 3", "deck.pptx, slide 4", "sales.xlsx, Sheet Q1, rows 2–40") in the
 * interface's language. The server keeps its English (what it stores and tells the model); these
 * labels are made from a page number, a kind and rows, so the web reads those back and words them
 * through the catalogues. Only the server's own shapes are read, and only when their number is the
 * page's when the page is known; anything else (a heading, a sheet's name, a title from before)
 * stays as it is.
 */

const PAGE_WORDS = {
  Page: "place.page",
  Slide: "place.slide",
  Sheet: "place.sheet",
  Chapter: "place.chapter",
} as const;
const PAGE = /^(Page|Slide|Sheet|Chapter) (\d{1,6})$/;
const ROWS = /^[Rr]ows? (\d{1,7})(?:–(\d{1,7}))?$/;
const SHEET_ROWS = /^(.+), (rows? \d{1,7}(?:–\d{1,7})?)$/;

const agrees = (n: string, page: number | undefined) => page === undefined || Number(n) === page;

/** "rows 2–40" / "row 4" in the interface's language; null for any other text. */
function rowsText(text: string): string | null {
  const m = ROWS.exec(text);
  if (!m?.[1]) return null;
  return m[2] && m[2] !== m[1]
    ? t("place.rows", { from: Number(m[1]), to: Number(m[2]) })
    : t("place.row", { n: Number(m[1]) });
}

/** The first letter up ("Rows 2–5" alone; scripts without case are as they are). */
const capital = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * A page's or passage's label from the server ("Page 3", "Slide 2", "Sheet 1, rows 1–11",
 * "Rows 2–5", "Text") in the interface's language; `page`, when known, is the page it labels.
 */
export function placeLabel(label: string, page?: number): string {
  if (label === "Text") return t("place.text");
  const single = PAGE.exec(label);
  if (single?.[1] && single[2] && agrees(single[2], page))
    return t(PAGE_WORDS[single[1] as keyof typeof PAGE_WORDS], { n: Number(single[2]) });
  const rowsAlone = rowsText(label);
  if (rowsAlone !== null) return capital(rowsAlone);
  const ranged = SHEET_ROWS.exec(label);
  if (ranged?.[1] && ranged[2]) {
    const sheet = PAGE.exec(ranged[1]);
    const rows = rowsText(ranged[2]);
    if (sheet?.[1] === "Sheet" && sheet[2] && agrees(sheet[2], page) && rows !== null)
      return t("place.in", { where: t("place.sheet", { n: Number(sheet[2]) }), place: rows });
  }
  return label;
}

const FILE_PAGE = /^(.+), p\. (\d{1,6})$/;
const FILE_SLIDE = /^(.+\.(?:pptx|odp)), slide (\d{1,6})$/i;
const FILE_SHEET = /^(.+\.(?:xlsx|ods)), Sheet (.+)$/i;
const SHEET_FILE = /\.(?:xlsx|ods|csv)(?:, Sheet .+)?$/i;

/**
 * A passage of a file as a source names it ("report.pdf, p. 3", "deck.pptx, slide 4",
 * "sales.xlsx, Sheet Q1, rows 2–40", "data.csv, rows 2–5") in the interface's language; `page`:
 * the page its link names, when it has one. A section's title ("notes.docx, Methods") and any
 * other title stay as they are.
 */
export function fileTitle(title: string, page?: number | null): string {
  const known = page ?? undefined;
  const onPage = FILE_PAGE.exec(title);
  if (onPage?.[1] && onPage[2] && agrees(onPage[2], known))
    return t("place.in", { where: onPage[1], place: t("place.p", { n: Number(onPage[2]) }) });
  const onSlide = FILE_SLIDE.exec(title);
  if (onSlide?.[1] && onSlide[2] && agrees(onSlide[2], known))
    return t("place.in", {
      where: onSlide[1],
      place: t("place.slideIn", { n: Number(onSlide[2]) }),
    });
  let where = title;
  let rows: string | null = null;
  const ranged = SHEET_ROWS.exec(title);
  if (ranged?.[1] && ranged[2] && SHEET_FILE.test(ranged[1])) {
    rows = rowsText(ranged[2]);
    if (rows !== null) where = ranged[1];
  }
  const sheet = FILE_SHEET.exec(where);
  if (sheet?.[1] && sheet[2])
    where = t("place.in", { where: sheet[1], place: t("place.sheet", { n: sheet[2] }) });
  return rows === null ? where : t("place.in", { where, place: rows });
}

/** The page a passage's link names (the viewer's `?page=3`, a download's `#page=3`), or null. */
export function linkedPage(url: string): number | null {
  const m = /[?&#]page=(\d{1,6})(?:[&#]|$)/.exec(url);
  return m?.[1] ? Number(m[1]) : null;
}
