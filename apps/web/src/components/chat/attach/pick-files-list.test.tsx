import type { FileList, FileListItem } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client.ts";
import type { AttachClient } from "./attach-client.ts";
import { noFilesYet, PickFilesList } from "./pick-files-list.tsx";

/**
 * "Choose from your files": the person's files as the list gives them (newest first), ready ones
 * to check, the others disabled with their state; a name filter; the room left; empty and error.
 */

function file(id: string, name: string, status: FileListItem["status"] = "ready"): FileListItem {
  return {
    id,
    name,
    kind: "markdown",
    size: 10,
    status,
    error: status === "failed" ? "Unreadable." : null,
    needsPassword: false,
    pages: 1,
    warnings: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    match: null,
  };
}

function list(files: FileListItem[]): FileList {
  return { files, storageUsed: 0, addFiles: { current: 0, limit: 10 }, maxBytes: 1_000_000 };
}

function setup(
  listFiles: AttachClient["listFiles"],
  room = 10,
  attachedIds: string[] = [],
  roomNote?: (room: number) => string,
) {
  const client: AttachClient = {
    upload: vi.fn(),
    discard: vi.fn(),
    listFiles,
    useProgress: () => null,
    requestSignIn: vi.fn(),
  };
  const onPick = vi.fn();
  const onUpload = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PickFilesList
        client={client}
        room={room}
        attachedIds={attachedIds}
        roomNote={roomNote}
        onPick={onPick}
        onCancel={vi.fn()}
        onUpload={onUpload}
      />
    </QueryClientProvider>,
  );
  return { onPick, onUpload, user: userEvent.setup() };
}

const FILES = [
  file("f3", "tides.txt"),
  file("f2", "reading.pdf", "parsing"),
  file("f1", "broken.pdf", "failed"),
  file("f0", "skerry-light.md"),
];

describe("PickFilesList", () => {
  it("lists the files in the order given, ready ones to check, the others disabled with their state", async () => {
    setup(async () => list(FILES), 10, ["f0"]);
    const items = await screen.findAllByTestId("pick-files-item");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("tides.txt"),
      expect.stringContaining("reading.pdf"),
      expect.stringContaining("broken.pdf"),
      expect.stringContaining("skerry-light.md"),
    ]);
    expect(screen.getByRole("checkbox", { name: /tides\.txt/ })).toBeEnabled();
    expect(screen.getByRole("checkbox", { name: /reading\.pdf.*Being read/ })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: /broken\.pdf.*Could not be read/ })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: /skerry-light\.md.*Attached/ })).toBeEnabled();
  });

  it("filters by name and attaches the checked ready files", async () => {
    const t = setup(async () => list(FILES));
    await t.user.type(await screen.findByRole("searchbox", { name: "Find a file by name" }), "TID");
    expect(screen.getAllByTestId("pick-files-item")).toHaveLength(1);
    const attach = screen.getByRole("button", { name: "Attach" });
    expect(attach).toBeDisabled();
    await t.user.click(screen.getByRole("checkbox", { name: /tides\.txt/ }));
    await t.user.click(attach);
    expect(t.onPick).toHaveBeenCalledWith([{ id: "f3", name: "tides.txt" }]);
  });

  it("checks no more files than the question has room for", async () => {
    const t = setup(async () => list(FILES), 1);
    await t.user.click(await screen.findByRole("checkbox", { name: /tides\.txt/ }));
    expect(screen.getByRole("checkbox", { name: /skerry-light\.md/ })).toBeDisabled();
    expect(screen.getByText("This question has room for 1 more file.")).toBeInTheDocument();
  });

  it("from a document chat: the room left is the chat's, not a question's", async () => {
    const note = (room: number) => `This chat has room for ${room} more files.`;
    const t = setup(async () => list(FILES), 2, [], note);
    await t.user.click(await screen.findByRole("checkbox", { name: /tides\.txt/ }));
    await t.user.click(screen.getByRole("checkbox", { name: /skerry-light\.md/ }));
    expect(screen.getByText("This chat has room for 2 more files.")).toBeInTheDocument();
    expect(screen.queryByText(/question/)).toBeNull();
  });

  it("with no files: says so and offers an upload", async () => {
    const t = setup(async () => list([]));
    const empty = await screen.findByTestId("pick-files-empty");
    expect(empty).toHaveTextContent(noFilesYet());
    await t.user.click(within(empty).getByRole("button", { name: "Upload a file" }));
    expect(t.onUpload).toHaveBeenCalledTimes(1);
  });

  it("a list that could not be read says why, with Retry", async () => {
    const listFiles = vi
      .fn<AttachClient["listFiles"]>()
      .mockRejectedValueOnce(
        new ApiError({ status: 500, code: "internal", message: "The server had a problem." }),
      )
      .mockResolvedValue(list(FILES));
    const t = setup(listFiles);
    expect(
      await screen.findByText("Your files could not be loaded. The server had a problem."),
    ).toBeInTheDocument();
    await t.user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findAllByTestId("pick-files-item")).toHaveLength(4);
  });
});
