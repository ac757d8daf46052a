import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "./i18n/i18n.ts";
import { fileTitle, linkedPage, placeLabel } from "./passage-label.ts";

afterEach(async () => {
  await activateLocale("en");
});

describe("places the server names in English, in the interface's language", () => {
  it("keeps English as the server wrote it", () => {
    for (const label of [
      "Page 3",
      "Slide 2",
      "Sheet 1, rows 1–11",
      "Rows 2–5",
      "Text",
      "Chapter 4",
    ])
      expect(placeLabel(label)).toBe(label);
    expect(placeLabel("Sheet 1, row 4")).toBe("Sheet 1, row 4");
    for (const title of [
      "report.pdf, p. 3",
      "deck.pptx, slide 4",
      "sales.xlsx, Sheet Q1, rows 2–40",
      "data.csv, rows 2–5",
      "notes.docx, Methods",
    ])
      expect(fileTitle(title)).toBe(title);
  });

  it("words a page, slide, sheet, chapter and rows in French", async () => {
    await activateLocale("fr");
    expect(placeLabel("Page 3", 3)).toBe("Page 3");
    expect(placeLabel("Slide 2", 2)).toBe("Diapositive 2");
    expect(placeLabel("Chapter 4")).toBe("Chapitre 4");
    expect(placeLabel("Text")).toBe("Texte");
    expect(placeLabel("Sheet 1, rows 1–11", 1)).toBe("Feuille 1, lignes 1 à 11");
    expect(placeLabel("Rows 2–5")).toBe("Lignes 2 à 5");
    expect(placeLabel("Sheet 2, row 4")).toBe("Feuille 2, ligne 4");
    expect(fileTitle("report.pdf, p. 3", 3)).toBe("report.pdf, p. 3");
    expect(fileTitle("deck.pptx, slide 4", 4)).toBe("deck.pptx, diapositive 4");
    expect(fileTitle("sales.xlsx, Sheet Q1, rows 2–40")).toBe(
      "sales.xlsx, Feuille Q1, lignes 2 à 40",
    );
    expect(fileTitle("data.csv, rows 2–5")).toBe("data.csv, lignes 2 à 5");
  });

  it("words them in Arabic with its comma and words", async () => {
    await activateLocale("ar");
    expect(placeLabel("Page 3", 3)).toBe("الصفحة 3");
    expect(placeLabel("Slide 2")).toBe("الشريحة 2");
    expect(placeLabel("Sheet 1, rows 1–11")).toBe("الورقة 1، الصفوف 1–11");
    expect(placeLabel("Rows 2–5")).toBe("الصفوف 2–5");
    expect(fileTitle("report.pdf, p. 3", 3)).toBe("report.pdf، ص 3");
    expect(fileTitle("deck.pptx, slide 4")).toBe("deck.pptx، الشريحة 4");
    expect(fileTitle("sales.xlsx, Sheet Q1, rows 2–40")).toBe("sales.xlsx، الورقة Q1، الصفوف 2–40");
  });

  it("leaves headings, sheet names and labels whose number is another page's as they are", async () => {
    await activateLocale("fr");
    // An EPUB's chapter by its heading, a sheet by its name: the file's own words.
    expect(placeLabel("The voyage", 3)).toBe("The voyage");
    expect(placeLabel("Q1 sales")).toBe("Q1 sales");
    // A label that names another page than the one it labels is not ours to reword.
    expect(placeLabel("Page 3", 4)).toBe("Page 3");
    expect(fileTitle("report.pdf, p. 3", 4)).toBe("report.pdf, p. 3");
    // A Word document's section, even one that reads like a place.
    expect(fileTitle("notes.docx, Methods")).toBe("notes.docx, Methods");
    expect(fileTitle("notes.docx, Sheet music")).toBe("notes.docx, Sheet music");
    expect(fileTitle("notes.docx, rows 2–4")).toBe("notes.docx, rows 2–4");
  });

  it("reads the page a passage's link names", () => {
    expect(linkedPage("/app/document-chat/f1?chunk=4&page=12")).toBe(12);
    expect(linkedPage("/app/document-chat/f1?chunk=4")).toBeNull();
  });
});
