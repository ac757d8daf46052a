import { type AnswerAttachment, type FileEvent, MAX_ATTACHED_FILES } from "@nexus/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api-client.ts";
import { useSession } from "@/lib/session.tsx";
import { useAttachClient } from "./attach-client.ts";

export type AttachmentPhase = "uploading" | "processing" | "ready" | "failed";

/** One file attached to the question being typed. */
export interface Attachment {
  key: string;
  name: string;
  phase: AttachmentPhase;
  /** 0..1 of the bytes sent (uploading). */
  progress: number;
  /** Set once the upload is accepted. */
  fileId: string | null;
  /** Why it failed (the upload was refused or the file could not be read). */
  error: string | null;
  /** The upload gave back a file the person already had (same bytes): removing it keeps it. */
  existing?: boolean;
}

export const TOO_MANY_FILES = `A question can carry up to ${MAX_ATTACHED_FILES} files.`;

/** The notice when a file already on one of the composer's chips is attached again. */
export function alreadyAttachedText(name: string): string {
  return `${name} is already attached.`;
}

let counter = 0;

/**
 * The files attached to a composer's question: each is uploaded (with its percentage), then read
 * by the server (its chip follows the progress and calls `settle`), then ready. Someone not signed
 * in gets the sign-in prompt instead, and nothing is uploaded. Removing a chip cancels its upload,
 * or deletes the file it uploaded (added for this question only, it leaves the person's files too);
 * a file already sent with a question stays. A file chosen from the person's files (`pick`) is
 * ready at once and never deleted here; the same file never gets a second chip.
 */
export function useAttachments() {
  const client = useAttachClient();
  const session = useSession();
  const [items, setItems] = useState<Attachment[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const uploads = useRef(new Map<string, AbortController>());
  // The chips as last drawn, for an upload that ends later.
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);

  // Leaving the page cancels what is still on its way up.
  useEffect(() => {
    const pending = uploads.current;
    return () => {
      for (const controller of pending.values()) controller.abort();
    };
  }, []);

  const update = useCallback((key: string, change: Partial<Attachment>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      if (!client) return;
      if (session.status !== "signed-in") {
        if (session.status === "anonymous") client.requestSignIn();
        return;
      }
      if (files.length === 0) return;
      const room = MAX_ATTACHED_FILES - items.filter((item) => item.phase !== "failed").length;
      setNotice(files.length > room ? TOO_MANY_FILES : null);
      for (const file of files.slice(0, Math.max(room, 0))) {
        counter += 1;
        const key = `attachment-${counter}`;
        const controller = new AbortController();
        uploads.current.set(key, controller);
        setItems((all) => [
          ...all,
          { key, name: file.name, phase: "uploading", progress: 0, fileId: null, error: null },
        ]);
        client
          .upload(file, {
            onProgress: (progress) => update(key, { progress }),
            signal: controller.signal,
          })
          .then((uploaded) => {
            if (uploaded.status === "failed")
              update(key, { phase: "failed", fileId: uploaded.id, error: uploaded.error });
            else if (
              latest.current.some((item) => item.key !== key && item.fileId === uploaded.id)
            ) {
              // The same bytes as a file already on a chip: that chip stays, this one goes.
              setItems((all) => all.filter((item) => item.key !== key));
              setNotice(alreadyAttachedText(uploaded.name));
            } else {
              if (uploaded.alreadyInFiles === true) client.alreadyInFiles?.(uploaded.name);
              // Known at once (not only once drawn) to an upload of the same bytes ending next.
              latest.current = latest.current.map((item) =>
                item.key === key ? { ...item, fileId: uploaded.id } : item,
              );
              update(key, {
                phase: uploaded.status === "ready" ? "ready" : "processing",
                progress: 1,
                fileId: uploaded.id,
                name: uploaded.name,
                existing: uploaded.alreadyInFiles === true,
              });
            }
          })
          .catch((error: unknown) => {
            if (controller.signal.aborted) return;
            update(key, { phase: "failed", error: errorMessage(error) });
          })
          .finally(() => uploads.current.delete(key));
      }
    },
    [client, session.status, items, update],
  );

  /**
   * Files chosen from the person's files (ready ones): each becomes a ready chip, nothing is
   * uploaded, and removing it never deletes the file. One already on a chip is not added twice.
   */
  const pick = useCallback(
    (files: readonly AnswerAttachment[]) => {
      if (!client) return;
      if (session.status !== "signed-in") {
        if (session.status === "anonymous") client.requestSignIn();
        return;
      }
      const taken = new Set(items.flatMap((item) => (item.fileId ? [item.fileId] : [])));
      const repeated = files.filter((file) => taken.has(file.id));
      const fresh = files.filter(
        (file, index) =>
          !taken.has(file.id) && files.findIndex((other) => other.id === file.id) === index,
      );
      const room = MAX_ATTACHED_FILES - items.filter((item) => item.phase !== "failed").length;
      const first = repeated[0];
      setNotice(
        fresh.length > room ? TOO_MANY_FILES : first ? alreadyAttachedText(first.name) : null,
      );
      const added = fresh.slice(0, Math.max(room, 0)).map((file): Attachment => {
        counter += 1;
        return {
          key: `attachment-${counter}`,
          name: file.name,
          phase: "ready",
          progress: 1,
          fileId: file.id,
          error: null,
          existing: true,
        };
      });
      if (added.length > 0) setItems((all) => [...all, ...added]);
    },
    [client, session.status, items],
  );

  /** The server finished reading the file (its last ingestion event). */
  const settle = useCallback(
    (key: string, event: FileEvent) => {
      if (event.type === "ready") update(key, { phase: "ready" });
      else if (event.type === "failed") update(key, { phase: "failed", error: event.message });
    },
    [update],
  );

  const remove = useCallback(
    (key: string) => {
      uploads.current.get(key)?.abort();
      uploads.current.delete(key);
      setNotice(null);
      const item = items.find((entry) => entry.key === key);
      const fileId = item?.existing ? null : item?.fileId;
      // Best effort: a file that could not be deleted now is still on the Files page. One the
      // person already had (the same bytes uploaded again) is theirs, never deleted here.
      if (fileId && client) void client.discard(fileId).catch(() => undefined);
      setItems((all) => all.filter((item) => item.key !== key));
    },
    [client, items],
  );

  /** After the question is sent: the composer starts empty again. */
  const clear = useCallback(() => {
    setNotice(null);
    setItems([]);
  }, []);

  const attached: AnswerAttachment[] = items.flatMap((item) =>
    item.phase === "ready" && item.fileId ? [{ id: item.fileId, name: item.name }] : [],
  );
  return {
    /** The app layer offers attaching here. */
    available: client !== null,
    signedIn: session.status === "signed-in",
    /** Signed in or not is still being read: the button waits. */
    sessionLoading: session.status === "loading",
    requestSignIn: () => client?.requestSignIn(),
    items,
    notice,
    add,
    pick,
    settle,
    remove,
    clear,
    /** How many more files the question can take. */
    room: Math.max(MAX_ATTACHED_FILES - items.filter((item) => item.phase !== "failed").length, 0),
    /** The files on the chips (uploaded or chosen), for the picker to mark. */
    fileIds: items.flatMap((item) => (item.fileId ? [item.fileId] : [])),
    /** The ready files, sent with the question. */
    attached,
    /** Some file is still being uploaded or read: the question waits. */
    waiting: items.some((item) => item.phase === "uploading" || item.phase === "processing"),
    /** Some file is attached or on its way: the question goes to the Local focus. */
    active: items.some((item) => item.phase !== "failed"),
  };
}

export type AttachmentsState = ReturnType<typeof useAttachments>;
