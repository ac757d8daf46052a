import type { ReactNode, Ref } from "react";
import {
  ChatComposer,
  type ComposerAttach,
  type ComposerDraft,
} from "@/components/chat/chat-composer.tsx";
import { ComposerDock } from "@/components/chat/composer-dock.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

export type { ComposerDraft };

/**
 * The message box at the bottom of an agent chat (the shared chat composer under its status line):
 * Enter sends, Shift+Enter adds a line; while a reply streams it offers Stop beside Send (a
 * message sent then is queued, `below`, and sent when the reply ends).
 * `disabled` (no model for this agent, or the conversation is full) blocks typing. `draftRef`
 * receives a function that fills it from elsewhere (the Python scratchpad's "Send to tutor").
 */
export function AgentComposer({
  agentName,
  busy,
  disabled,
  statusText,
  hint,
  inputRef,
  draftRef,
  onSend,
  onStop,
  below,
  attach,
}: {
  agentName: string;
  busy: boolean;
  disabled: boolean;
  statusText: string;
  /** At the end of the status line (how many agent chats are left). */
  hint?: ReactNode;
  inputRef?: Ref<HTMLTextAreaElement>;
  draftRef?: Ref<ComposerDraft>;
  onSend: (text: string) => void;
  onStop: () => void;
  /** Under the box (the queued question). */
  below?: ReactNode;
  /** Attaching files to the message (the answer composer's paperclip and chips). */
  attach?: ComposerAttach;
}) {
  const t = useT();
  return (
    <ComposerDock
      testId="agent-composer"
      statusTestId="agent-status"
      statusText={statusText}
      aside={hint}
      below={below}
    >
      <ChatComposer
        label={t("agentChat.message", { name: agentName })}
        placeholder={
          disabled
            ? t("agentChat.needsModel", { name: agentName })
            : busy
              ? t("agentChat.messageQueued", { name: agentName })
              : t("agentChat.messagePlaceholder", { name: agentName })
        }
        busy={busy}
        queueWhileBusy
        disabled={disabled}
        inputRef={inputRef}
        draftRef={draftRef}
        onSend={onSend}
        onStop={onStop}
        {...(attach ? { attach } : {})}
      />
    </ComposerDock>
  );
}
