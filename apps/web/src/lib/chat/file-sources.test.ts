import type { AnswerSource } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { citedFileIds, markDeletedFiles, privateFiles } from "./file-sources.ts";
import { labelSources } from "./source-label.ts";

const A = "0f8fad5b-d9cb-469f-a165-70867728950e";
const B = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

const source = (url: string, title = "t"): AnswerSource => ({
  title,
  url,
  domain: "127.0.0.1",
  favicon: null,
  snippet: "s",
});

describe("cited files", () => {
  const sources = [
    source(`/api/files/${A}/download#page=1`, "report.pdf, p. 1"),
    source("https://example.com/a"),
    source(`/api/files/${A}/download#page=4`, "report.pdf, p. 4"),
    source(`/api/files/${B}/download#page=2`, "notes.docx, p. 2"),
    source("/blog/files-and-documents#passwords"),
  ];

  it("are found in the sources' download links, each once", () => {
    expect(citedFileIds(sources)).toEqual([A, B].sort());
    expect(citedFileIds([source("/api/files/not-an-id/download")])).toEqual([]);
  });

  it("a document-chat link of a passage is a cited file too: private on a share page", () => {
    const linked = [
      source(`/app/document-chat/${A}?chunk=7`, "report.pdf, p. 3"),
      source(`/app/document-chat/${B}?chunk=2&page=1`, "notes.pdf, p. 1"),
    ];
    expect(citedFileIds(linked)).toEqual([A, B].sort());
    expect(privateFiles(linked).map((s) => [s.url, s.filePrivate])).toEqual([
      ["", true],
      ["", true],
    ]);
    expect(citedFileIds([source("/app/document-chat/not-an-id?chunk=1")])).toEqual([]);
  });

  it("a missing one is marked deleted and loses its link; the rest are untouched", () => {
    const shown = markDeletedFiles(sources, [A.toUpperCase()]);
    expect(shown.map((s) => [s.title, s.url, s.fileDeleted ?? false])).toEqual([
      ["report.pdf, p. 1", "", true],
      ["t", "https://example.com/a", false],
      ["report.pdf, p. 4", "", true],
      ["notes.docx, p. 2", `/api/files/${B}/download#page=2`, false],
      ["t", "/blog/files-and-documents#passwords", false],
    ]);
    expect(markDeletedFiles(sources, [])).toBe(sources);
  });

  it("a passage of someone else's file (copied from a share) is shown private, never linked", () => {
    const copied: AnswerSource[] = [
      { ...source("", "report.pdf, p. 1"), private: true },
      source("https://example.com/a"),
    ];
    const shown = markDeletedFiles(copied, []);
    expect(shown.map((s) => [s.title, s.url, s.filePrivate ?? false])).toEqual([
      ["report.pdf, p. 1", "", true],
      ["t", "https://example.com/a", false],
    ]);
    expect(labelSources(shown)[0]).toMatchObject({ section: "Not shared", site: "Author's files" });
    // Shared again by its new owner: still private on that share page.
    expect(privateFiles(copied)[0]).toMatchObject({ url: "", filePrivate: true });
  });

  it("on a share page the author's files are named and quoted but not linked", () => {
    const shown = privateFiles(sources);
    expect(shown.map((s) => [s.title, s.url, s.filePrivate ?? false])).toEqual([
      ["report.pdf, p. 1", "", true],
      ["t", "https://example.com/a", false],
      ["report.pdf, p. 4", "", true],
      ["notes.docx, p. 2", "", true],
      ["t", "/blog/files-and-documents#passwords", false],
    ]);
    expect(shown[0]?.snippet).toBe("s");
    const labels = labelSources(shown);
    expect(labels[0]).toEqual({
      title: "report.pdf, p. 1",
      section: "Not shared",
      site: "Author's files",
    });
    expect(labels[1]?.site).toBe("127.0.0.1");
    const web = [source("https://example.com/a")];
    expect(privateFiles(web)).toBe(web);
  });
});
