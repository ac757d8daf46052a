import type { FileListItem } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FileRow } from "./file-row.tsx";

const FILE: FileListItem = {
  id: "f 1",
  name: "tracemonkey.pdf",
  kind: "pdf",
  size: 1000,
  status: "ready",
  error: null,
  pages: 14,
  warnings: [],
  needsPassword: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  match: null,
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function setup(file: FileListItem) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={["/app/files"]}>
        <Routes>
          <Route
            path="/app/files"
            element={
              <ul>
                <FileRow
                  file={file}
                  now={new Date("2026-01-02")}
                  onRename={() => {}}
                  onDelete={() => {}}
                />
              </ul>
            }
          />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("FileRow entry points", () => {
  it("a ready file's Chat opens its document chat in the app", async () => {
    const user = setup(FILE);
    await user.click(screen.getByRole("link", { name: "Chat with tracemonkey.pdf" }));
    expect(screen.getByTestId("where").textContent).toBe("/app/document-chat/f%201");
  });

  it("a ready file's name is a link to its document chat; the download stays its own action", async () => {
    const user = setup(FILE);
    const download = screen.getByRole("link", { name: "Download tracemonkey.pdf" });
    expect(download.hasAttribute("download")).toBe(true);
    await user.click(screen.getByRole("link", { name: "tracemonkey.pdf" }));
    expect(screen.getByTestId("where").textContent).toBe("/app/document-chat/f%201");
  });

  it("a file still being read has neither (nothing to chat with yet)", () => {
    // The row follows the file's reading (GET /api/files/:id/events): a silent stream here.
    vi.stubGlobal(
      "EventSource",
      class {
        onmessage = null;
        close() {}
      },
    );
    setup({ ...FILE, status: "parsing" });
    expect(screen.queryByTestId("files-row-chat")).toBeNull();
    expect(screen.queryByTestId("files-row-open")).toBeNull();
  });
});
