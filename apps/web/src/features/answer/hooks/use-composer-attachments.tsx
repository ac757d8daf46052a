import type { ReactNode, RefObject } from "react";
import { AttachButton } from "../components/attach-button.tsx";
import { AttachmentChips } from "../components/attachment-chips.tsx";
import { WAITING_FOR_FILES } from "../lib/attach-client.ts";
import { useAttachments } from "./use-attachments.ts";

/** What a composer's SearchForm shows and does for attached files. */
export interface ComposerAttachProps {
  header?: ReactNode;
  tools?: ReactNode;
  onFiles?: (files: File[]) => void;
  waitingLabel?: string | null;
}

/**
 * Attaching files to a composer's question (home and follow-up): the paperclip, drop and paste,
 * the chips above the text, and the send button waiting for them. Nothing when the app layer
 * offers no attaching.
 */
export function useComposerAttachments(inputRef: RefObject<HTMLTextAreaElement | null>) {
  const attachments = useAttachments();
  const formProps: ComposerAttachProps = attachments.available
    ? {
        header: (
          <AttachmentChips state={attachments} onLastRemoved={() => inputRef.current?.focus()} />
        ),
        tools: (
          <AttachButton
            signedIn={attachments.signedIn}
            disabled={attachments.sessionLoading}
            onFiles={attachments.add}
            onSignIn={attachments.requestSignIn}
          />
        ),
        onFiles: attachments.add,
        waitingLabel: attachments.waiting ? WAITING_FOR_FILES : null,
      }
    : {};
  return { attachments, formProps };
}
