import type { AnswerSource } from "@nexus/contracts";
import { useState } from "react";
import { ChatTurn, StoppedNote, TurnSkeleton } from "@/components/chat/chat-layout.tsx";
import { EditQuestionButton, EditQuestionForm } from "@/components/chat/edit-question.tsx";
import { MessageParts } from "@/components/chat/part-registry.tsx";
import { CopyButton, RegenerateButton, TurnActions } from "@/components/chat/turn-actions.tsx";
import { VersionPager } from "@/components/chat/version-pager.tsx";
import { OfflineBadge } from "@/components/ui/offline-badge.tsx";
import { t } from "@/lib/i18n/i18n.ts";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard.ts";
import { type AgentUIMessage, messageText, sourcesOf, versionReply } from "../lib/agent-message.ts";
import { type AgentReplyContext, useAgentChatSlots } from "./agent-chat-slots.tsx";
import { isToolPart } from "./agent-tool-part.tsx";

/** The person's message: a bubble on the right; the last one can be edited and sent again. */
export function UserBubble({
  message,
  onEdit = null,
}: {
  message: AgentUIMessage;
  /** Set on the last question once its reply ended: sends it again, edited. */
  onEdit?: ((text: string) => void) | null;
}) {
  const [editing, setEditing] = useState(false);
  if (editing && onEdit)
    return (
      <div className="ml-auto w-full max-w-[85%]">
        <EditQuestionForm
          question={messageText(message)}
          onCancel={() => setEditing(false)}
          onSend={(text) => {
            setEditing(false);
            onEdit(text);
          }}
        />
      </div>
    );
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex w-full justify-end" data-testid="agent-user-message">
        <p className="max-w-[85%] rounded-2xl rounded-br-md bg-surface-2 px-4 py-2.5 text-base break-words whitespace-pre-wrap text-fg">
          {messageText(message)}
        </p>
      </div>
      {onEdit ? <EditQuestionButton onClick={() => setEditing(true)} /> : null}
    </div>
  );
}

const SOURCE_PILL = "flex min-w-0 items-center gap-1.5 rounded-full border bg-surface px-2.5 py-1";

/**
 * The reply's cited pages, numbered as its [n] markers count them. A source without a link (a
 * file of a custom agent's owner, seen by someone it is shared with) is named, not linked.
 */
function ReplySources({ sources }: { sources: readonly AnswerSource[] }) {
  if (sources.length === 0) return null;
  return (
    <nav aria-label={t("agentChat.sources")} className="text-sm">
      <ol className="flex flex-wrap gap-2">
        {sources.map((source, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: source n is at place n; unlinked ones share url ""
          <li key={index} className="min-w-0 max-w-full">
            {source.url === "" ? (
              <span
                data-testid="unlinked-source"
                className={`${SOURCE_PILL} border-dashed border-border text-muted`}
              >
                <span className="text-xs font-medium tabular-nums text-accent">{index + 1}</span>
                <span className="truncate">{source.title}</span>
                <span className="shrink-0 text-subtle">{t("agentChat.notShared")}</span>
              </span>
            ) : (
              <a
                href={source.url}
                target="_blank"
                rel="noopener noreferrer"
                className={`${SOURCE_PILL} border-border text-muted transition-colors hover:border-accent/50 hover:text-fg`}
              >
                <span className="text-xs font-medium tabular-nums text-accent">{index + 1}</span>
                <span className="truncate">{source.title}</span>
                <span className="shrink-0 text-subtle">{source.domain}</span>
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * One reply of the agent: its parts in order, each by the renderer registered for its type
 * (reasoning, tool calls, text with citations; agent-parts.tsx), then Copy and, on the last reply,
 * Regenerate.
 */
export function AgentReply({
  message: latest,
  streaming,
  onRegenerate,
  saved,
}: {
  message: AgentUIMessage;
  /** This reply is the one streaming now. */
  streaming: boolean;
  /** Set on the last reply once it ended. */
  onRegenerate: (() => void) | null;
  /** Set once the reply is a saved history entry: its bookmark, share, delete and feedback. */
  saved?: Omit<AgentReplyContext, "entryId" | "markdown"> | null;
}) {
  const { renderReplyActions, shownSources } = useAgentChatSlots();
  // A regenerated (or edited and resent) reply pages through its earlier versions, read-only.
  const versions = latest.metadata?.versions ?? [];
  const [picked, setPicked] = useState<{ id: string; index: number } | null>(null);
  const versionIndex = picked?.id === latest.id ? picked.index : versions.length;
  const earlier = versionIndex < versions.length ? versions[versionIndex] : undefined;
  const message: AgentUIMessage = earlier ? versionReply(latest, earlier, versionIndex) : latest;
  const clipboard = useCopyToClipboard();
  const cited = sourcesOf(message);
  const sources = shownSources ? shownSources(cited) : cited;
  const text = messageText(message);
  const hasVisible = message.parts.some(
    (part) =>
      (part.type === "text" && part.text.trim() !== "") ||
      (part.type === "reasoning" && part.text.trim() !== "") ||
      isToolPart(part),
  );
  const stopped = message.metadata?.stopped === true;

  return (
    <ChatTurn testId="agent-reply" busy={streaming} className="flex min-w-0 flex-col gap-3">
      {message.metadata?.offline ? (
        <div>
          <OfflineBadge />
        </div>
      ) : null}
      {earlier ? (
        <p className="text-sm text-muted" data-testid="agent-version-question">
          {t("agentChat.askedAs", { question: earlier.text })}
        </p>
      ) : null}
      <MessageParts parts={message.parts} streaming={streaming} sources={sources} headingBase={2} />
      {!hasVisible && streaming ? <TurnSkeleton /> : null}
      <ReplySources sources={sources} />
      {stopped && !streaming ? <StoppedNote testId="agent-stopped" /> : null}
      {!streaming ? (
        <VersionPager
          index={versionIndex}
          count={versions.length + 1}
          onChange={(index) => setPicked({ id: latest.id, index })}
        />
      ) : null}
      {!streaming && !earlier && (text !== "" || onRegenerate) ? (
        <TurnActions testId="agent-reply-actions">
          {text !== "" ? (
            <CopyButton copied={clipboard.copied} onCopy={() => void clipboard.copy(text)} />
          ) : null}
          {onRegenerate ? <RegenerateButton onClick={onRegenerate} /> : null}
          {saved && renderReplyActions && text !== ""
            ? renderReplyActions({ ...saved, entryId: message.id, markdown: text })
            : null}
        </TurnActions>
      ) : null}
    </ChatTurn>
  );
}
