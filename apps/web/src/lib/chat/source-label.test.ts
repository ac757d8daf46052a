import type { AnswerSource } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import type { ShownSource } from "./file-sources.ts";
import { labelSource, labelSources } from "./source-label.ts";

const source = (over: Partial<AnswerSource>): AnswerSource => ({
  title: "Page",
  url: "https://example.org/page",
  domain: "example.org",
  favicon: null,
  snippet: "",
  ...over,
});

describe("labelSources", () => {
  it("splits a passage title into the document and its heading, under the guide's name", () => {
    expect(
      labelSource(
        source({
          title: "Connecting a language model — Ollama",
          url: "/blog/connecting-a-model#ollama",
          domain: "127.0.0.1",
        }),
      ),
    ).toEqual({ title: "Connecting a language model", section: "Ollama", site: "Nexus guide" });
  });

  it("takes the section from the link's fragment when the title has none", () => {
    expect(
      labelSource(source({ title: "Offline mode", url: "/blog/offline-mode#what-it-can-answer" })),
    ).toEqual({ title: "Offline mode", section: "What it can answer", site: "Nexus guide" });
  });

  it("leaves a plain web page's title whole, with its domain", () => {
    expect(labelSource(source({ title: "A — ", domain: "site.example" }))).toEqual({
      title: "A —",
      section: null,
      site: "site.example",
    });
    expect(labelSource(source({ title: "Result 1" }))).toEqual({
      title: "Result 1",
      section: null,
      site: "example.org",
    });
  });

  it("tells sources with the same title and site apart by their path", () => {
    const labels = labelSources([
      source({ title: "Docs", url: "https://example.org/docs/install" }),
      source({ title: "Docs", url: "https://example.org/docs/upgrade/" }),
      source({ title: "Docs", url: "https://other.example/docs", domain: "other.example" }),
    ]);
    expect(labels.map((label) => label.section)).toEqual(["/docs/install", "/docs/upgrade", null]);
  });

  it("falls back to the domain for an empty title and survives a bad fragment", () => {
    expect(labelSource(source({ title: "  ", url: "https://example.org/#%E0%A4%A" }))).toEqual({
      title: "example.org",
      section: "%E0%A4%A",
      site: "example.org",
    });
  });

  it("shows a file's passage as its name and page, under Your files (not the server's host or #page=N)", () => {
    expect(
      labelSource(
        source({
          title: "harbour report.pdf, p. 3",
          url: "/api/files/0b7c6f9e-1d1e-4a8e-9a55-2f1c3d4e5f60/download#page=3",
          domain: "127.0.0.1",
        }),
      ),
    ).toEqual({ title: "harbour report.pdf, p. 3", section: null, site: "Your files" });
  });
});

describe("labels of the person's files", () => {
  const A = "0f8fad5b-d9cb-469f-a165-70867728950e";
  const file = (page: number, over: Partial<ShownSource> = {}): ShownSource =>
    source({
      title: `Draft — final.pdf, p. ${page}`,
      url: `/api/files/${A}/download#page=${page}`,
      domain: "127.0.0.1",
      ...over,
    });

  it("keep the title whole, take no section from the link, and never show its path", () => {
    expect(labelSources([file(6), file(6), file(2)])).toEqual([
      { title: "Draft — final.pdf, p. 6", section: null, site: "Your files" },
      { title: "Draft — final.pdf, p. 6", section: null, site: "Your files" },
      { title: "Draft — final.pdf, p. 2", section: null, site: "Your files" },
    ]);
  });

  it('say "File deleted" once the file is gone', () => {
    expect(labelSource(file(6, { url: "", fileDeleted: true }))).toEqual({
      title: "Draft — final.pdf, p. 6",
      section: "File deleted",
      site: "Your files",
    });
  });
});

describe("labels of the person's files in another language", () => {
  it("word the page, slide and rows in French and Arabic, the file's name and sections as they are", async () => {
    const { activateLocale } = await import("../i18n/i18n.ts");
    const file = (title: string, page: number) =>
      source({
        title,
        url: `/app/document-chat/0f8fad5b-d9cb-469f-a165-70867728950e?chunk=2&page=${page}`,
        domain: "127.0.0.1",
      });
    try {
      await activateLocale("fr");
      expect(
        labelSources([
          file("deck.pptx, slide 4", 4),
          file("sales.xlsx, Sheet Q1, rows 2–40", 1),
          file("notes.docx, Methods", 2),
        ]).map((label) => label.title),
      ).toEqual([
        "deck.pptx, diapositive 4",
        "sales.xlsx, Feuille Q1, lignes 2 à 40",
        "notes.docx, Methods",
      ]);
      await activateLocale("ar");
      expect(
        labelSource(
          source({
            title: "harbour report.pdf, p. 3",
            url: "/api/files/0b7c6f9e-1d1e-4a8e-9a55-2f1c3d4e5f60/download#page=3",
            domain: "127.0.0.1",
          }),
        ).title,
      ).toBe("harbour report.pdf، ص 3");
    } finally {
      await activateLocale("en");
    }
  });
});
