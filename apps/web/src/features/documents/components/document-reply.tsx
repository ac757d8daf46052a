import type { DocumentCitation } from "@nexus/contracts";
import { clsx } from "clsx";
import { ChatTurn, StoppedNote, TurnSkeleton } from "@/components/chat/chat-layout.tsx";
import { MessageParts } from "@/components/chat/part-registry.tsx";
import { Quoted } from "@/components/chat/quoted.tsx";
import { CopyButton, RegenerateButton, TurnActions } from "@/components/chat/turn-actions.tsx";
import { OfflineBadge } from "@/components/ui/offline-badge.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { placeLabel } from "@/lib/passage-label.ts";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard.ts";
import {
  citationsOf,
  citedPassages,
  type DocumentUIMessage,
  messageText,
} from "../lib/document-message.ts";
import { CitedText } from "./cited-text.tsx";

const NO_SOURCES = [] as const;

/**
 * The passages a reply cites, each once (citations of one page merged), labelled as the server
 * labels them, with their quotes; a click jumps the viewer there as a chip does.
 */
function CitedPassages({
  citations,
  onCitation,
}: {
  citations: readonly DocumentCitation[];
  onCitation: (citation: DocumentCitation) => void;
}) {
  const t = useT();
  const passages = citedPassages(citations);
  if (passages.length === 0) return null;
  return (
    <nav aria-label={t("documents.citedPassages")} className="text-sm">
      <ol className="flex flex-col gap-2">
        {passages.map((passage) => (
          <li key={`${passage.citation.fileId}:${passage.label}`} className="min-w-0">
            <button
              type="button"
              data-testid="document-passage"
              onClick={() => onCitation(passage.citation)}
              className={clsx(
                "flex w-full min-w-0 flex-col gap-1 rounded-xl border bg-surface px-3 py-2 text-start transition-colors hover:border-accent/50",
                passage.unverified ? "border-dashed border-border" : "border-border",
              )}
            >
              <span className="text-xs font-medium break-words text-accent-soft-fg">
                {passage.citation.fileName ? (
                  <span data-testid="document-passage-file">{passage.citation.fileName} · </span>
                ) : null}
                {placeLabel(passage.label, passage.citation.ranges[0]?.page)}
                {passage.unverified ? (
                  <span className="ms-2 font-normal text-muted">
                    {t("documents.passageNotFound")}
                  </span>
                ) : null}
              </span>
              {passage.quotes.map((quote) => (
                <span key={quote} className="line-clamp-3 break-words text-muted">
                  <Quoted text={quote} />
                </span>
              ))}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * One reply of the document chat: reasoning (and any other registered part but text) by the part
 * registry, its text with citation chips, the passages it cites, then Copy and Regenerate.
 */
export function DocumentReply({
  message,
  streaming,
  onRegenerate,
  onCitation,
}: {
  message: DocumentUIMessage;
  streaming: boolean;
  onRegenerate: (() => void) | null;
  onCitation: (citation: DocumentCitation) => void;
}) {
  const clipboard = useCopyToClipboard();
  const text = messageText(message);
  const citations = citationsOf(message);
  const stopped = message.metadata?.stopped === true;
  // Text is drawn here with its chips; the registry draws the rest (reasoning).
  const otherParts = message.parts.filter((part) => part.type !== "text");
  return (
    <ChatTurn testId="document-reply" busy={streaming} className="flex min-w-0 flex-col gap-3">
      {message.metadata?.offline ? (
        <div>
          <OfflineBadge />
        </div>
      ) : null}
      <MessageParts parts={otherParts} streaming={streaming} sources={NO_SOURCES} headingBase={2} />
      {text !== "" ? (
        <CitedText text={text} citations={citations} onCitation={onCitation} />
      ) : streaming ? (
        <TurnSkeleton />
      ) : null}
      <CitedPassages citations={citations} onCitation={onCitation} />
      {stopped && !streaming ? <StoppedNote testId="document-stopped" /> : null}
      {!streaming && (text !== "" || onRegenerate) ? (
        <TurnActions testId="document-reply-actions">
          {text !== "" ? (
            <CopyButton copied={clipboard.copied} onCopy={() => void clipboard.copy(text)} />
          ) : null}
          {onRegenerate ? <RegenerateButton onClick={onRegenerate} /> : null}
        </TurnActions>
      ) : null}
    </ChatTurn>
  );
}
