import type { FileList } from "@nexus/contracts";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StorageSummary } from "./storage-summary.tsx";

/** The Files page's summary says how many uploads are left once fewer than 3 remain. */

function list(current: number, limit: number): FileList {
  return { files: [], storageUsed: 1024, addFiles: { current, limit }, maxBytes: 1 << 20 };
}

describe("StorageSummary", () => {
  it("says nothing of what is left while 3 or more uploads remain", () => {
    render(<StorageSummary data={list(27, 30)} />);
    expect(screen.getByTestId("files-added").textContent).toBe("27 of 30");
    expect(screen.queryByTestId("quota-left")).toBeNull();
  });

  it("counts down the uploads left this month, then none", () => {
    const { rerender } = render(<StorageSummary data={list(28, 30)} />);
    expect(screen.getByTestId("quota-left").textContent).toBe("2 file uploads left this month");
    rerender(<StorageSummary data={list(30, 30)} />);
    expect(screen.getByTestId("quota-left").textContent).toBe("No file uploads left this month");
  });
});
