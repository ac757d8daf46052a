import type { FileEvent, FileItem, MeResponse } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useSyncExternalStore } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  type AttachClient,
  AttachClientContext,
  waitingForFiles,
} from "@/components/chat/attach/attach-client.ts";
import { ApiError } from "@/lib/api-client.ts";
import { ANONYMOUS_ME, meQueryKey, SessionProvider } from "@/lib/session.tsx";
import { SIGNED_IN } from "@/test/signed-in.ts";
import { HomeSearch } from "./home-search.tsx";

/**
 * The home composer's attachments against a stand-in for the files API (the app layer's client:
 * upload with progress, ingestion events): picker, drop, paste, chips, waiting, sign-in prompt.
 */

function fileItem(id: string, name: string, status: FileItem["status"] = "queued"): FileItem {
  return {
    id,
    name,
    kind: "markdown",
    size: 10,
    status,
    error: null,
    needsPassword: false,
    pages: null,
    warnings: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

function event(type: FileEvent["type"], message: string, seq = 1): FileEvent {
  return { seq, type, message, at: "2026-01-01T00:00:00.000Z" };
}

/** A files API whose uploads and events the test drives. */
function standInClient() {
  const uploads: Array<{
    file: File;
    progress: (ratio: number) => void;
    resolve: (item: FileItem & { alreadyInFiles?: boolean }) => void;
    reject: (error: unknown) => void;
    signal: AbortSignal;
  }> = [];
  const events = new Map<string, FileEvent>();
  const listeners = new Set<() => void>();
  const requestSignIn = vi.fn();
  const discarded: string[] = [];
  const client: AttachClient = {
    discard: async (fileId) => {
      discarded.push(fileId);
    },
    listFiles: async () => ({
      files: [],
      storageUsed: 0,
      addFiles: { current: 0, limit: 10 },
      maxBytes: 1_000_000,
    }),
    upload: (file, options) =>
      new Promise<FileItem & { alreadyInFiles?: boolean }>((resolve, reject) => {
        uploads.push({
          file,
          progress: options.onProgress,
          resolve,
          reject,
          signal: options.signal,
        });
      }),
    useProgress: (fileId, active) =>
      useSyncExternalStore(
        (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        () => (active ? (events.get(fileId) ?? null) : null),
      ),
    requestSignIn,
  };
  const emit = (fileId: string, next: FileEvent) =>
    act(() => {
      events.set(fileId, next);
      for (const listener of listeners) listener();
    });
  return { client, uploads, emit, requestSignIn, discarded };
}

/** Where asking leads: the answer page's URL and router state. */
function SearchTarget() {
  const location = useLocation();
  return (
    <output data-testid="target">
      {location.search} {JSON.stringify(location.state)}
    </output>
  );
}

/** Where a single dropped file leads once it is read: its document chat. */
function DocumentTarget() {
  return <output data-testid="document-target">{useLocation().pathname}</output>;
}

function setup(me: MeResponse = SIGNED_IN) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, me);
  const api = standInClient();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <AttachClientContext value={api.client}>
          <MemoryRouter initialEntries={["/app"]}>
            <Routes>
              <Route path="/app" element={<HomeSearch suggestions={() => null} />} />
              <Route path="/app/search" element={<SearchTarget />} />
              <Route path="/app/document-chat/:documentId" element={<DocumentTarget />} />
            </Routes>
          </MemoryRouter>
        </AttachClientContext>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return {
    ...api,
    user,
    box: screen.getByRole("textbox", { name: "Ask anything" }),
    attach: screen.getByRole("button", { name: "Attach files" }),
    chips: () => screen.queryAllByTestId("composer-attachment"),
    focusChip: () => screen.getByTestId("focus-chip"),
  };
}

const notes = () =>
  new File(["# Skerry light\nColza oil."], "skerry.md", { type: "text/markdown" });

describe("attaching files in the home composer", () => {
  it("uploads a chosen file with its percentage, follows it to ready, then asks about it in Local", async () => {
    const t = setup();
    expect(t.focusChip()).toHaveAccessibleName("Focus: Web");
    await t.user.upload(screen.getByTestId("composer-attach-input"), notes());
    expect(t.uploads).toHaveLength(1);
    const chip = within(screen.getByRole("list", { name: "Attached files" })).getByRole("listitem");
    expect(chip).toHaveTextContent("skerry.md");
    expect(chip).toHaveTextContent("Uploading 0%");
    act(() => t.uploads[0]?.progress(0.42));
    expect(chip).toHaveTextContent("Uploading 42%");
    expect(screen.getByRole("progressbar", { name: "Uploading skerry.md" })).toHaveAttribute(
      "aria-valuenow",
      "42",
    );
    // The question goes to the Local focus, and waits for the file.
    expect(t.focusChip()).toHaveAccessibleName("Focus: Local");
    expect(t.focusChip()).toBeDisabled();
    await t.user.type(t.box, "What oil did the lamp burn?");
    const waiting = screen.getByRole("button", { name: waitingForFiles() });
    expect(waiting).toBeDisabled();
    await t.user.keyboard("{Enter}");
    expect(screen.queryByTestId("target")).toBeNull();

    await act(async () => t.uploads[0]?.resolve(fileItem("f1", "skerry.md")));
    expect(chip).toHaveTextContent("Processing…");
    t.emit("f1", event("parsing", "Reading the file"));
    expect(chip).toHaveTextContent("Reading the file");
    expect(screen.getByRole("button", { name: waitingForFiles() })).toBeDisabled();
    t.emit("f1", event("ready", "Ready", 3));
    expect(chip).toHaveTextContent("Ready");
    expect(screen.queryByRole("button", { name: waitingForFiles() })).toBeNull();

    await t.user.click(screen.getByRole("button", { name: "Search" }));
    const target = screen.getByTestId("target");
    expect(target).toHaveTextContent("focus=local");
    expect(target).toHaveTextContent('{"attachments":[{"id":"f1","name":"skerry.md"}]}');
  });

  it("removes a chip with the keyboard, cancelling its upload, and gives the focus back", async () => {
    const t = setup();
    await t.user.upload(screen.getByTestId("composer-attach-input"), [
      notes(),
      new File(["b"], "second.txt", { type: "text/plain" }),
    ]);
    expect(t.chips()).toHaveLength(2);
    const first = screen.getByRole("button", { name: "Remove skerry.md" });
    first.focus();
    await t.user.keyboard("{Enter}");
    expect(t.uploads[0]?.signal.aborted).toBe(true);
    expect(t.chips()).toHaveLength(1);
    const second = screen.getByRole("button", { name: "Remove second.txt" });
    expect(second).toHaveFocus();
    await t.user.keyboard(" ");
    expect(t.chips()).toHaveLength(0);
    expect(t.box).toHaveFocus();
    expect(t.focusChip()).toHaveAccessibleName("Focus: Web");
    expect(t.focusChip()).toBeEnabled();
    // Neither had reached the server: nothing to delete.
    expect(t.discarded).toEqual([]);
  });

  it("removing the chip of a file it uploaded deletes that file; a sent question's files stay", async () => {
    const t = setup();
    await t.user.upload(screen.getByTestId("composer-attach-input"), notes());
    await act(async () => t.uploads[0]?.resolve(fileItem("f1", "skerry.md", "ready")));
    await t.user.click(screen.getByRole("button", { name: "Remove skerry.md" }));
    expect(t.discarded).toEqual(["f1"]);
    expect(t.chips()).toHaveLength(0);
    await t.user.upload(screen.getByTestId("composer-attach-input"), notes());
    await act(async () => t.uploads[1]?.resolve(fileItem("f2", "skerry.md", "ready")));
    await t.user.type(t.box, "What oil?{Enter}");
    expect(screen.getByTestId("target")).toHaveTextContent('"id":"f2"');
    expect(t.discarded).toEqual(["f1"]);
  });

  it("never deletes a file the person already had, given back for the same bytes", async () => {
    const t = setup();
    await t.user.upload(screen.getByTestId("composer-attach-input"), notes());
    await act(async () =>
      t.uploads[0]?.resolve({ ...fileItem("f0", "lamp-notes.md", "ready"), alreadyInFiles: true }),
    );
    // The chip names the person's own file.
    expect(screen.getByRole("button", { name: "Remove lamp-notes.md" })).toBeTruthy();
    await t.user.click(screen.getByRole("button", { name: "Remove lamp-notes.md" }));
    expect(t.chips()).toHaveLength(0);
    expect(t.discarded).toEqual([]);
  });

  it("shows why a file was refused; the question is not held for it", async () => {
    const t = setup();
    await t.user.upload(screen.getByTestId("composer-attach-input"), notes());
    await act(async () =>
      t.uploads[0]?.reject(
        new ApiError({
          status: 415,
          code: "unsupported_media_type",
          message: "This file type is not supported.",
        }),
      ),
    );
    expect(t.chips()[0]).toHaveTextContent("This file type is not supported.");
    expect(t.chips()[0]).toHaveAttribute("data-phase", "failed");
    expect(t.focusChip()).toHaveAccessibleName("Focus: Web");
    await t.user.type(t.box, "What is Nexus?{Enter}");
    expect(screen.getByTestId("target")).toHaveTextContent('{"attachments":[]}');
  });

  it("reports a file the server could not read with the reason it gave", async () => {
    const t = setup();
    await t.user.upload(screen.getByTestId("composer-attach-input"), notes());
    await act(async () => t.uploads[0]?.resolve(fileItem("f2", "skerry.md")));
    t.emit("f2", event("failed", "The PDF is protected by a password."));
    expect(t.chips()[0]).toHaveTextContent("The PDF is protected by a password.");
    expect(screen.queryByRole("button", { name: waitingForFiles() })).toBeNull();
  });

  it("takes files dropped on the box or pasted into it", async () => {
    const t = setup();
    const form = t.box.closest("form");
    if (!form) throw new Error("no form");
    fireEvent.drop(form, { dataTransfer: { files: [notes()], types: ["Files"] } });
    expect(t.uploads.map((u) => u.file.name)).toEqual(["skerry.md"]);
    fireEvent.paste(t.box, {
      clipboardData: { files: [new File(["x"], "pasted.txt")], getData: () => "" },
    });
    expect(t.uploads.map((u) => u.file.name)).toEqual(["skerry.md", "pasted.txt"]);
    expect(t.chips()).toHaveLength(2);
  });

  it("one file dropped on the empty box is uploaded (with progress) and opens in its document chat once read", async () => {
    const t = setup();
    const form = t.box.closest("form");
    if (!form) throw new Error("no form");
    fireEvent.drop(form, { dataTransfer: { files: [notes()], types: ["Files"] } });
    expect(t.uploads.map((u) => u.file.name)).toEqual(["skerry.md"]);
    act(() => t.uploads[0]?.progress(0.5));
    expect(screen.getByRole("progressbar", { name: "Uploading skerry.md" })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    expect(screen.getByTestId("home-opening-document")).toHaveTextContent("skerry.md");
    await act(async () => t.uploads[0]?.resolve(fileItem("f1", "skerry.md")));
    t.emit("f1", event("parsing", "Reading the file"));
    expect(screen.queryByTestId("document-target")).toBeNull();
    t.emit("f1", event("ready", "Ready", 3));
    expect(await screen.findByTestId("document-target")).toHaveTextContent("/app/document-chat/f1");
  });

  it("attaches at most 10 files to a question and says so", async () => {
    const t = setup();
    const files = Array.from({ length: 12 }, (_, i) => new File(["x"], `f${i}.txt`));
    await t.user.upload(screen.getByTestId("composer-attach-input"), files);
    expect(t.uploads).toHaveLength(10);
    expect(screen.getByRole("status")).toHaveTextContent("A question can carry up to 10 files.");
  });
});

describe("attaching files when not signed in", () => {
  it("offers the paperclip, which opens the sign-in prompt; nothing is uploaded", async () => {
    const t = setup(ANONYMOUS_ME);
    expect(screen.queryByTestId("composer-attach-input")).toBeNull();
    await t.user.click(t.attach);
    expect(t.requestSignIn).toHaveBeenCalledTimes(1);
    fireEvent.paste(t.box, {
      clipboardData: { files: [new File(["x"], "pasted.txt")], getData: () => "" },
    });
    expect(t.requestSignIn).toHaveBeenCalledTimes(2);
    expect(t.uploads).toHaveLength(0);
    expect(t.chips()).toHaveLength(0);
  });
});
