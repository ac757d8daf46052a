import type { AnswerAttachment, FileEvent, FileItem, FileList } from "@nexus/contracts";
import { createContext, useContext } from "react";
import { t } from "@/lib/i18n/i18n.ts";

/** What the person sees instead of a file picker when not signed in (interface's language). */
export const attachSignInReason = (): string => t("chat.attach.signInReason");
/** Why the focus is Local while files are attached. */
export const attachedFocusReason = (): string => t("chat.attach.focusReason");
/** The send button's words while attached files are still being uploaded or read. */
export const waitingForFiles = (): string => t("chat.attach.waiting");

/**
 * How a composer attaches files: the files feature's upload and ingestion progress, and the app's
 * sign-in prompt, filled in by the app layer (a feature never imports another). Without it, the
 * composers have no attach button.
 */
export interface AttachClient {
  /**
   * POST /api/files: one file into the person's files; `onProgress` receives 0..1 of the bytes.
   * `alreadyInFiles`: its bytes were already one of their files, which is given back instead.
   */
  upload: (
    file: File,
    options: { onProgress: (ratio: number) => void; signal: AbortSignal },
  ) => Promise<FileItem & { alreadyInFiles?: boolean }>;
  /**
   * DELETE /api/files/:id: a file this composer uploaded and the person removed from the question
   * before asking (it was added for this question only, so it leaves their files too).
   */
  discard: (fileId: string) => Promise<void>;
  /**
   * GET /api/files?q=: the person's files, newest first (the Files page's own request, so both
   * share one cached list under `filesKeys.list(q)`).
   */
  listFiles: (q: string, signal?: AbortSignal) => Promise<FileList>;
  /** A hook: the file's latest ingestion event, followed while `active` (ends at ready/failed). */
  useProgress: (fileId: string, active: boolean) => FileEvent | null;
  /** Someone not signed in tried to attach: the sign-in prompt. */
  requestSignIn: () => void;
  /**
   * An upload gave back one of the person's files (the same bytes) that no chip holds yet: they
   * are told it was already in their files. (One already on a chip is said by the composer alone.)
   */
  alreadyInFiles?: (name: string) => void;
}

export const AttachClientContext = createContext<AttachClient | null>(null);

export function useAttachClient(): AttachClient | null {
  return useContext(AttachClientContext);
}

/** Router state of /app/search?q=…: the files attached to the question (ready, the person's). */
export interface NewThreadState {
  attachments: AnswerAttachment[];
}

/** The attachments of a new thread's router state; none when it holds anything else. */
export function attachmentsOfState(state: unknown): AnswerAttachment[] {
  if (typeof state !== "object" || state === null || !("attachments" in state)) return [];
  const { attachments } = state;
  if (!Array.isArray(attachments)) return [];
  return attachments.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const { id, name } = item as Record<string, unknown>;
    return typeof id === "string" && typeof name === "string" ? [{ id, name }] : [];
  });
}
