import type { FocusMode } from "@nexus/contracts";
import { Search } from "lucide-react";
import type { ReactNode, Ref } from "react";
import type { ComposerAttachProps } from "@/components/chat/attach/use-composer-attachments.tsx";
import { ChatComposer, type ComposerDraft } from "@/components/chat/chat-composer.tsx";
import { ComposerDock } from "@/components/chat/composer-dock.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { focusModeOption } from "../lib/focus-modes.ts";
import { ComposerHintSlot } from "./composer-hint-slot.tsx";

/**
 * The box at the bottom of a thread (the shared chat composer): asks a follow-up in the same thread
 * and focus mode. While an answer streams it offers Stop, and a follow-up typed meanwhile is still
 * sent: the thread queues it until the answer ends. Above it, the live status line. With `attach`,
 * files can be attached to the follow-up (the label then shows the Local focus they are asked in).
 */
export function FollowUpComposer({
  busy,
  statusText,
  focusMode,
  inputRef,
  draftRef,
  onAsk,
  onStop,
  below,
  attach = {},
  attaching = false,
  uploading = false,
}: {
  busy: boolean;
  statusText: string;
  focusMode: FocusMode;
  inputRef: Ref<HTMLTextAreaElement>;
  /** Fills the box from elsewhere (a question refused for quota comes back here). */
  draftRef?: Ref<ComposerDraft>;
  onAsk: (question: string) => void;
  onStop: () => void;
  /** Under the box (the queued question). */
  below?: ReactNode;
  attach?: ComposerAttachProps;
  /** Files are attached to the follow-up (or on their way): the uploads' hint shows. */
  attaching?: boolean;
  /** Some attached file is still being uploaded or read. */
  uploading?: boolean;
}) {
  const t = useT();
  const focus = focusModeOption(focusMode);
  const FocusIcon = focus?.icon;
  return (
    <ComposerDock
      testId="follow-up"
      statusTestId="answer-status"
      statusText={statusText}
      spinner
      aside={
        <span className="flex shrink-0 items-center gap-3">
          <ComposerHintSlot busy={busy} attaching={attaching} uploading={uploading} />
          {focus && FocusIcon ? (
            // A chip with its own ground: on a phone the dock's fade lies over the images strip.
            <span
              className="flex shrink-0 items-center gap-1 rounded-full border border-border bg-surface px-2 py-0.5 text-fg shadow-xs"
              data-testid="follow-up-focus"
            >
              <FocusIcon className="size-3.5" aria-hidden="true" />
              {t(`focus.label.${focus.value}`)}
            </span>
          ) : null}
        </span>
      }
      below={below}
    >
      <ChatComposer
        label={t("answer.followUp")}
        placeholder={busy ? t("answer.followUpQueued") : t("answer.followUpPlaceholder")}
        submitLabel={t("answer.ask")}
        leading={<Search className="mt-2.5 size-5 shrink-0 text-subtle" aria-hidden="true" />}
        busy={busy}
        queueWhileBusy
        inputRef={inputRef}
        {...(draftRef ? { draftRef } : {})}
        attach={attach}
        onSend={onAsk}
        onStop={onStop}
      />
    </ComposerDock>
  );
}
