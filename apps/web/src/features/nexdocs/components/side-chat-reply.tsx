import type { AnswerSource } from "@nexus/contracts";
import { Check, FilePlus2 } from "lucide-react";
import { useEffect, useState } from "react";
import { ChatTurn, StoppedNote, TurnSkeleton } from "@/components/chat/chat-layout.tsx";
import { MessageParts } from "@/components/chat/part-registry.tsx";
import { CopyButton, RegenerateButton, TurnActions } from "@/components/chat/turn-actions.tsx";
import { Button } from "@/components/ui/button.tsx";
import { OfflineBadge } from "@/components/ui/offline-badge.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard.ts";
import { messageText, type SideChatUIMessage, sourcesOf } from "../lib/side-chat-message.ts";

/**
 * One reply of the side chat: its parts by the chat's part registry (text with its citation chips
 * and their hover cards, reasoning), then Insert into document, Copy and Regenerate.
 */
export function SideChatReply({
  message,
  streaming,
  onInsert,
  onRegenerate,
}: {
  message: SideChatUIMessage;
  streaming: boolean;
  /** Places the answer at the editor's cursor, its citations as chips; false when it could not. */
  onInsert: (text: string, sources: readonly AnswerSource[]) => boolean;
  onRegenerate: (() => void) | null;
}) {
  const t = useT();
  const clipboard = useCopyToClipboard();
  const [inserted, setInserted] = useState(false);
  const text = messageText(message);
  const sources = sourcesOf(message);
  const stopped = message.metadata?.stopped === true;
  useEffect(() => {
    if (!inserted) return;
    const timer = setTimeout(() => setInserted(false), 2000);
    return () => clearTimeout(timer);
  }, [inserted]);
  return (
    <ChatTurn testId="nexdocs-chat-reply" busy={streaming} className="flex min-w-0 flex-col gap-3">
      {message.metadata?.offline ? (
        <div>
          <OfflineBadge />
        </div>
      ) : null}
      <MessageParts parts={message.parts} streaming={streaming} sources={sources} headingBase={3} />
      {text === "" && streaming ? <TurnSkeleton /> : null}
      {stopped && !streaming ? <StoppedNote testId="nexdocs-chat-stopped" /> : null}
      {!streaming && text !== "" ? (
        <TurnActions testId="nexdocs-chat-actions">
          <Button
            variant="outline"
            size="sm"
            data-testid="nexdocs-chat-insert"
            onClick={() => setInserted(onInsert(text, sources))}
          >
            {inserted ? (
              <Check className="size-4" aria-hidden="true" />
            ) : (
              <FilePlus2 className="size-4" aria-hidden="true" />
            )}
            <span aria-live="polite">
              {inserted ? t("nexdocs.chat.inserted") : t("nexdocs.chat.insert")}
            </span>
          </Button>
          <CopyButton copied={clipboard.copied} onCopy={() => void clipboard.copy(text)} />
          {onRegenerate ? <RegenerateButton onClick={onRegenerate} /> : null}
        </TurnActions>
      ) : null}
    </ChatTurn>
  );
}
