import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ExportMenu } from "./export-menu.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const within = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

function stubFetch() {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response("a,b\r\n", {
        headers: {
          "content-type": "text/csv",
          "content-disposition": `attachment; filename="Papers.xlsx"`,
        },
      });
    }),
  );
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined }),
  );
  // The browser's download: the saved link's name is the server's.
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { asked, saved };
}

describe("the export menu", () => {
  it("offers a thread's three formats and Open in NexDocs, and downloads the one picked", async () => {
    const { asked } = stubFetch();
    const user = userEvent.setup();
    within(<ExportMenu threadId="t 1" title="Heat pumps" />);
    await user.click(screen.getByRole("button", { name: "Export" }));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Markdown",
      "PDF",
      "Word",
      "Open in NexDocs",
    ]);
    await user.click(screen.getByRole("menuitem", { name: "Word" }));
    expect(asked).toEqual(["/api/threads/t%201/export?format=docx"]);
  });

  it("offers another export's formats at its own path (an extraction's table)", async () => {
    const { asked, saved } = stubFetch();
    const user = userEvent.setup();
    within(
      <ExportMenu
        path="/extractions/e1/export"
        formats={[
          { format: "md", label: "Markdown" },
          { format: "xlsx", label: "Excel (XLSX)" },
        ]}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Export" }));
    // Only its own formats: no "Open in NexDocs" for what is not a thread.
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "Markdown",
      "Excel (XLSX)",
    ]);
    await user.keyboard("{ArrowDown}");
    await user.click(screen.getByRole("menuitem", { name: "Excel (XLSX)" }));
    expect(asked).toEqual(["/api/extractions/e1/export?format=xlsx"]);
    expect(saved).toEqual(["Papers.xlsx"]);
    // The menu closes and the button is back once the file is saved.
    expect(screen.queryByRole("menu")).toBeNull();
    expect(await screen.findByRole("button", { name: "Export" })).not.toHaveAttribute(
      "aria-busy",
      "true",
    );
  });
});
