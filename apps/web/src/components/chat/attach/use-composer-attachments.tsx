import type { RefObject } from "react";
import type { ComposerAttach } from "@/components/chat/chat-composer.tsx";
import { AttachButton } from "./attach-button.tsx";
import { waitingForFiles } from "./attach-client.ts";
import { AttachmentChips } from "./attachment-chips.tsx";
import { useAttachments } from "./use-attachments.ts";

/**
 * What a composer shows and does for attached files: the follow-up's ChatComposer takes it as
 * `attach`, the home page's SearchForm as its props.
 */
export type ComposerAttachProps = ComposerAttach;

/**
 * Attaching files to a composer's question (home, follow-up, agents): the paperclip (upload, or
 * choose from the person's files), drop and paste,
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
            room={attachments.room}
            attachedIds={attachments.fileIds}
            onFiles={attachments.add}
            onPick={attachments.pick}
            onSignIn={attachments.requestSignIn}
          />
        ),
        onFiles: attachments.add,
        waitingLabel: attachments.waiting ? waitingForFiles() : null,
      }
    : {};
  return { attachments, formProps };
}
