import type { AnswerSource } from "@nexus/contracts";
import { Brain, Check, ChevronRight, CircleStop, Copy, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button.tsx";
import { OfflineBadge } from "@/components/ui/offline-badge.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard.ts";
import { type AgentUIMessage, messageText, sourcesOf } from "../lib/agent-message.ts";
import { type AgentReplyContext, useAgentChatSlots } from "./agent-chat-slots.tsx";
import { AgentToolPart, isToolPart } from "./agent-tool-part.tsx";

/** The person's message: a bubble on the right. */
export function UserBubble({ message }: { message: AgentUIMessage }) {
  return (
    <div className="flex justify-end" data-testid="agent-user-message">
      <p className="max-w-[85%] rounded-2xl rounded-br-md bg-surface-2 px-4 py-2.5 text-base break-words whitespace-pre-wrap text-fg">
        {messageText(message)}
      </p>
    </div>
  );
}

function ReasoningDetails({ text, thinking }: { text: string; thinking: boolean }) {
  if (text.trim() === "") return null;
  return (
    <details className="group/reasoning text-sm text-muted">
      <summary className="flex w-fit cursor-pointer list-none items-center gap-1.5 rounded hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <Brain className="size-4" aria-hidden="true" />
        {thinking ? "Thinking…" : "Reasoning"}
        <ChevronRight
          className="size-3.5 transition-transform group-open/reasoning:rotate-90"
          aria-hidden="true"
        />
      </summary>
      <p className="mt-2 border-l border-border pl-3 break-words whitespace-pre-wrap">{text}</p>
    </details>
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
    <nav aria-label="Sources" className="text-sm">
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
                <span className="shrink-0 text-subtle">Not shared</span>
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
 * One reply of the agent: its parts in order (reasoning, tool calls, text with citations), then
 * Copy and, on the last reply, Regenerate.
 */
export function AgentReply({
  message,
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
  const { Markdown, renderReplyActions, shownSources } = useAgentChatSlots();
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
    <article
      data-testid="agent-reply"
      aria-busy={streaming}
      className="flex min-w-0 flex-col gap-3"
    >
      {message.metadata?.offline ? (
        <div>
          <OfflineBadge />
        </div>
      ) : null}
      {message.parts.map((part, index) => {
        const key = `${part.type}-${index}`;
        if (part.type === "text") {
          if (part.text.trim() === "") return null;
          return (
            <Markdown
              key={key}
              markdown={part.text}
              sources={sources}
              streaming={streaming && part.state === "streaming"}
              headingBase={2}
              className="min-w-0 break-words"
            />
          );
        }
        if (part.type === "reasoning") {
          return (
            <ReasoningDetails
              key={key}
              text={part.text}
              thinking={streaming && part.state === "streaming"}
            />
          );
        }
        if (isToolPart(part)) return <AgentToolPart key={key} part={part} streaming={streaming} />;
        return null;
      })}
      {!hasVisible && streaming ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ) : null}
      <ReplySources sources={sources} />
      {stopped && !streaming ? (
        <p className="flex items-center gap-2 text-sm text-muted" data-testid="agent-stopped">
          <CircleStop className="size-4" aria-hidden="true" />
          Stopped
        </p>
      ) : null}
      {!streaming && (text !== "" || onRegenerate) ? (
        <div className="flex flex-wrap items-center gap-1" data-testid="agent-reply-actions">
          {text !== "" ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label="Copy"
              onClick={() => void clipboard.copy(text)}
            >
              {clipboard.copied ? (
                <Check className="size-4" aria-hidden="true" />
              ) : (
                <Copy className="size-4" aria-hidden="true" />
              )}
              <span aria-live="polite" className="max-sm:sr-only">
                {clipboard.copied ? "Copied" : "Copy"}
              </span>
            </Button>
          ) : null}
          {onRegenerate ? (
            <Button variant="ghost" size="sm" onClick={onRegenerate}>
              <RefreshCw className="size-4" aria-hidden="true" />
              <span className="max-sm:sr-only">Regenerate</span>
            </Button>
          ) : null}
          {saved && renderReplyActions && text !== ""
            ? renderReplyActions({ ...saved, entryId: message.id, markdown: text })
            : null}
        </div>
      ) : null}
    </article>
  );
}
