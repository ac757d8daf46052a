import type { FileItem, FileList, MeResponse } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { meQueryKey, SessionProvider } from "@/lib/session.tsx";
import { SIGNED_IN } from "@/test/signed-in.ts";
import { type AttachClient, AttachClientContext } from "./attach-client.ts";
import { useAttachments } from "./use-attachments.ts";

/**
 * The composer's attachments hook against a stand-in for the files API: files chosen from the
 * person's files become ready chips that are never deleted, and the same file never gets two
 * chips (chosen again, or its bytes uploaded again).
 */

const ANONYMOUS: MeResponse = { user: null, tier: "anonymous", isSuperAdmin: false };

function fileItem(id: string, name: string): FileItem {
  return {
    id,
    name,
    kind: "markdown",
    size: 10,
    status: "ready",
    error: null,
    needsPassword: false,
    pages: 1,
    warnings: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

const EMPTY_LIST: FileList = {
  files: [],
  storageUsed: 0,
  addFiles: { current: 0, limit: 10 },
  maxBytes: 1_000_000,
};

/** A files API whose uploads give back `uploadResult` (the same bytes: the existing file). */
function setup(me: MeResponse = SIGNED_IN) {
  const discard = vi.fn(async (_fileId: string) => undefined);
  const upload = vi.fn<AttachClient["upload"]>();
  const requestSignIn = vi.fn();
  const alreadyInFiles = vi.fn<(name: string) => void>();
  const client: AttachClient = {
    upload,
    discard,
    listFiles: async () => EMPTY_LIST,
    useProgress: () => null,
    requestSignIn,
    alreadyInFiles,
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, me);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <AttachClientContext value={client}>{children}</AttachClientContext>
      </SessionProvider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useAttachments(), { wrapper });
  return { hook, discard, upload, requestSignIn, alreadyInFiles };
}

const notes = () => new File(["# Skerry light"], "skerry.md", { type: "text/markdown" });

describe("useAttachments: choosing from the person's files", () => {
  it("a picked file is a ready chip of an existing file, sent with the question, with nothing uploaded", () => {
    const { hook, upload } = setup();
    act(() => hook.result.current.pick([{ id: "f1", name: "skerry.md" }]));
    const [chip] = hook.result.current.items;
    expect(chip).toMatchObject({
      name: "skerry.md",
      phase: "ready",
      fileId: "f1",
      existing: true,
      error: null,
    });
    expect(hook.result.current.items).toHaveLength(1);
    expect(hook.result.current.attached).toEqual([{ id: "f1", name: "skerry.md" }]);
    expect(hook.result.current.waiting).toBe(false);
    expect(hook.result.current.active).toBe(true);
    expect(hook.result.current.fileIds).toEqual(["f1"]);
    expect(upload).not.toHaveBeenCalled();
  });

  it("removing a picked chip never deletes the file", async () => {
    const { hook, discard } = setup();
    act(() =>
      hook.result.current.pick([
        { id: "f1", name: "skerry.md" },
        { id: "f2", name: "tides.txt" },
      ]),
    );
    const keys = hook.result.current.items.map((item) => item.key);
    for (const key of keys) act(() => hook.result.current.remove(key));
    expect(hook.result.current.items).toEqual([]);
    // Give a (wrong) best-effort delete the chance to have been made.
    await act(async () => undefined);
    expect(discard).not.toHaveBeenCalled();
  });

  it("picking a file already attached keeps one chip and says so", () => {
    const { hook } = setup();
    act(() => hook.result.current.pick([{ id: "f1", name: "skerry.md" }]));
    act(() =>
      hook.result.current.pick([
        { id: "f1", name: "skerry.md" },
        { id: "f2", name: "tides.txt" },
      ]),
    );
    expect(hook.result.current.items.map((item) => item.fileId)).toEqual(["f1", "f2"]);
    expect(hook.result.current.notice).toBe("skerry.md is already attached.");
  });

  it("the same file twice in one pick is one chip", () => {
    const { hook } = setup();
    act(() =>
      hook.result.current.pick([
        { id: "f1", name: "skerry.md" },
        { id: "f1", name: "skerry.md" },
      ]),
    );
    expect(hook.result.current.items).toHaveLength(1);
  });

  it("uploading the bytes of a picked file keeps one chip, says so, and deletes nothing", async () => {
    const { hook, upload, discard, alreadyInFiles } = setup();
    upload.mockResolvedValue({ ...fileItem("f1", "skerry.md"), alreadyInFiles: true });
    act(() => hook.result.current.pick([{ id: "f1", name: "skerry.md" }]));
    const picked = hook.result.current.items[0]?.key;
    act(() => hook.result.current.add([notes()]));
    expect(upload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(hook.result.current.notice).toBe("skerry.md is already attached."));
    expect(hook.result.current.items).toHaveLength(1);
    expect(hook.result.current.items[0]).toMatchObject({ key: picked, phase: "ready" });
    expect(discard).not.toHaveBeenCalled();
    // One message, the composer's: not also "Already in your files".
    expect(alreadyInFiles).not.toHaveBeenCalled();
  });

  it("uploading the bytes of one of the person's files that no chip holds attaches it and says it was in their files", async () => {
    const { hook, upload, alreadyInFiles } = setup();
    upload.mockResolvedValue({ ...fileItem("f1", "skerry.md"), alreadyInFiles: true });
    act(() => hook.result.current.add([notes()]));
    await waitFor(() => expect(hook.result.current.items[0]?.phase).toBe("ready"));
    expect(hook.result.current.items[0]).toMatchObject({ fileId: "f1", existing: true });
    expect(alreadyInFiles).toHaveBeenCalledTimes(1);
    expect(alreadyInFiles).toHaveBeenCalledWith("skerry.md");
    expect(hook.result.current.notice).toBeNull();
  });

  it("uploading the same bytes twice keeps one chip and says so", async () => {
    const { hook, upload, alreadyInFiles } = setup();
    upload
      .mockResolvedValueOnce({ ...fileItem("f9", "skerry.md"), alreadyInFiles: false })
      .mockResolvedValueOnce({ ...fileItem("f9", "skerry.md"), alreadyInFiles: true });
    act(() => hook.result.current.add([notes()]));
    await waitFor(() => expect(hook.result.current.items[0]?.phase).toBe("ready"));
    act(() => hook.result.current.add([notes()]));
    await waitFor(() => expect(hook.result.current.notice).toBe("skerry.md is already attached."));
    expect(hook.result.current.items).toHaveLength(1);
    expect(alreadyInFiles).not.toHaveBeenCalled();
    // The chip kept is the first upload's: removing it takes the file back out of Files.
    expect(hook.result.current.items[0]).toMatchObject({ fileId: "f9", existing: false });
  });

  it("the same bytes chosen twice in one go (both uploads ending together) give one chip", async () => {
    const { hook, upload } = setup();
    upload
      .mockResolvedValueOnce({ ...fileItem("f9", "skerry.md"), alreadyInFiles: false })
      .mockResolvedValueOnce({ ...fileItem("f9", "skerry.md"), alreadyInFiles: true });
    act(() => hook.result.current.add([notes(), notes()]));
    await waitFor(() => expect(hook.result.current.notice).toBe("skerry.md is already attached."));
    expect(hook.result.current.items).toHaveLength(1);
    expect(hook.result.current.items[0]).toMatchObject({ fileId: "f9", phase: "ready" });
  });

  it("picks no more than the question has room for", () => {
    const { hook } = setup();
    const many = Array.from({ length: 12 }, (_, i) => ({ id: `f${i}`, name: `n${i}.md` }));
    act(() => hook.result.current.pick(many));
    expect(hook.result.current.items).toHaveLength(10);
    expect(hook.result.current.room).toBe(0);
    expect(hook.result.current.notice).toBe("A question can carry up to 10 files.");
  });

  it("someone not signed in gets the sign-in prompt, and nothing is attached", () => {
    const { hook, requestSignIn } = setup(ANONYMOUS);
    act(() => hook.result.current.pick([{ id: "f1", name: "skerry.md" }]));
    expect(requestSignIn).toHaveBeenCalledTimes(1);
    expect(hook.result.current.items).toEqual([]);
  });
});
