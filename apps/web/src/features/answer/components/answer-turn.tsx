import type { ChatStatus } from "ai";
import { RefreshCw } from "lucide-react";
import { type ReactNode, Suspense, useState } from "react";
import { QuestionAttachments } from "@/components/chat/attach/question-attachments.tsx";
import { ChatTurn, StoppedNote, TurnSkeleton } from "@/components/chat/chat-layout.tsx";
import { EditQuestionButton, EditQuestionForm } from "@/components/chat/edit-question.tsx";
import { CitationChecksContext } from "@/components/chat/markdown/sources-context.ts";
import { citationChecksOf, MessagePart } from "@/components/chat/part-registry.tsx";
import { VersionPager } from "@/components/chat/version-pager.tsx";
import { Button } from "@/components/ui/button.tsx";
import { OfflineBadge } from "@/components/ui/offline-badge.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { useAnswerVersions } from "../hooks/use-answer-versions.ts";
import { useShownSources } from "../hooks/use-shown-sources.ts";
import { answerContentOf, attachmentsOf, type AnswerTurn as Turn } from "../lib/answer-message.ts";
import { isStopped } from "../lib/stopped-turn.ts";
import type { AnswerActionsPart, AnswerMediaPart, AnswerRelatedPart } from "./answer-parts.tsx";
import { AnswerTurnContext, type AnswerTurnHandlers } from "./answer-turn-context.ts";
import { UnreadUrls } from "./unread-urls.tsx";

// Only a failed answer needs it (with its retry form and quota card).
const LazyAnswerError = lazyComponent(() =>
  import("./answer-error.tsx").then((m) => m.AnswerError),
);

export interface TurnState {
  /** The chat's status for the last turn, "ready" for earlier ones. */
  status: ChatStatus;
  error: Error | undefined;
  stopped: boolean;
}

/**
 * One question and its answer: sources, reasoning, the answer, its actions, media, related
 * questions — each part drawn by the renderer registered for its type (answer-parts.tsx), which
 * gets this turn's handlers from AnswerTurnContext.
 */
export function AnswerTurnView({
  turn: turnShown,
  index,
  threadId,
  state,
  busy,
  onAsk,
  onRegenerate,
  onRetry,
  onRetryWith,
  onSignIn,
  onRemove,
  onEdit = null,
}: {
  turn: Turn;
  index: number;
  threadId: string;
  state: TurnState;
  /** Some answer of the thread is on its way (related questions wait). */
  busy: boolean;
  onAsk: (question: string) => void;
  /** Set for the last finished answer only. */
  onRegenerate: (() => void) | null;
  onRetry: () => void;
  /** Asks an edited question instead of the failed one. */
  onRetryWith: (question: string) => void;
  onSignIn: (() => void) | undefined;
  /** Takes this turn out of the thread on the page. */
  onRemove: () => void;
  /** Set for the last finished answer only: asks its question again, edited. */
  onEdit?: ((question: string) => void) | null;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const versions = useAnswerVersions(turnShown, threadId);
  const turn = versions.shown;
  const content = answerContentOf(turn.answer);
  const checks = turn.answer ? citationChecksOf(turn.answer.parts) : undefined;
  const streaming =
    !versions.earlier && (state.status === "streaming" || state.status === "submitted");
  const failed = !versions.earlier && state.status === "error" && state.error !== undefined;
  // Stopped now, or a stopped turn restored (saved by the server or kept by the tab).
  const stopped = (!versions.earlier && state.stopped) || isStopped(turn.answer);
  const ended = !streaming && !failed && !stopped && turn.answer !== undefined;
  const finished = ended && content.complete && !versions.earlier;
  // An earlier answer that was stopped or failed before a follow-up was asked.
  const interrupted = ended && !content.complete;
  // A cited file deleted since shows "File deleted" instead of linking to a gone download.
  const sources = useShownSources(content.sources, !streaming);
  const partContext = { streaming, sources, headingBase: index === 0 ? 2 : 3 };
  const handlers: AnswerTurnHandlers = { threadId, busy, onAsk, onRegenerate, onRemove };
  const media: AnswerMediaPart = {
    type: "data-media",
    data: { images: content.images, videos: content.videos },
  };
  const related: AnswerRelatedPart = { type: "data-related", data: content.related };

  return (
    <AnswerTurnContext value={handlers}>
      <ChatTurn
        testId="answer-turn"
        busy={streaming}
        className="flex scroll-mt-20 flex-col gap-5 border-b border-border pb-10 last:border-b-0"
      >
        <header className="flex flex-col gap-2">
          {editing && onEdit ? (
            <EditQuestionForm
              question={turn.query}
              onCancel={() => setEditing(false)}
              onSend={(question) => {
                setEditing(false);
                onEdit(question);
              }}
            />
          ) : (
            <div className="flex items-start justify-between gap-2">
              <QuestionHeading first={index === 0}>{turn.query}</QuestionHeading>
              {onEdit && !streaming && !versions.earlier ? (
                <EditQuestionButton onClick={() => setEditing(true)} />
              ) : null}
            </div>
          )}
          <QuestionAttachments files={attachmentsOf(turn.user)} />
          {turn.answer?.metadata?.offline ? (
            <div>
              <OfflineBadge />
            </div>
          ) : null}
        </header>
        {/* Phones: the answer, then images and videos, then related questions. Wide screens: the
          media in a column beside both. */}
        <div className="grid min-w-0 gap-x-6 gap-y-5 lg:group-data-[media-rail]/thread:grid-cols-[minmax(0,1fr)_14rem] lg:group-data-[media-rail]/thread:grid-rows-[auto_1fr]">
          <div className="flex min-w-0 flex-col gap-5 lg:col-start-1 lg:row-start-1">
            <UnreadUrls unread={content.unread} />
            {/* The source cards know their verified quotes (the answer's citation checks). */}
            <CitationChecksContext value={checks}>
              <MessagePart part={{ type: "data-sources" }} {...partContext} />
            </CitationChecksContext>
            <MessagePart
              part={{
                type: "reasoning",
                text: content.reasoning,
                state: content.reasoningStreaming ? "streaming" : "done",
                answerStarted: content.hasText,
              }}
              {...partContext}
            />
            {content.hasText ? (
              <CitationChecksContext value={checks}>
                <MessagePart
                  part={{
                    type: "text",
                    text: content.text,
                    state: streaming ? "streaming" : "done",
                  }}
                  {...partContext}
                />
              </CitationChecksContext>
            ) : streaming ? (
              <TurnSkeleton />
            ) : null}
            {stopped && !streaming ? (
              <StoppedNote
                testId="answer-stopped"
                action={
                  onRegenerate && !versions.earlier ? (
                    <Button variant="ghost" size="sm" onClick={onRetry}>
                      <RefreshCw className="size-4" aria-hidden="true" />
                      {t("chat.regenerate")}
                    </Button>
                  ) : null
                }
              />
            ) : null}
            {interrupted ? <StoppedNote>{t("answer.notFinished")}</StoppedNote> : null}
            {failed && state.error ? (
              <Suspense fallback={null}>
                <LazyAnswerError
                  error={state.error}
                  onRetry={onRetry}
                  onSignIn={onSignIn}
                  editable={{ question: turn.query, onRetryWith, onRemove }}
                />
              </Suspense>
            ) : null}
            {!streaming ? (
              <VersionPager
                index={versions.index}
                count={versions.count}
                onChange={versions.pick}
              />
            ) : null}
            {turn.answer && content.hasText && !streaming && !versions.earlier ? (
              <MessagePart<AnswerActionsPart>
                part={{
                  type: "data-actions",
                  data: {
                    entryId: turn.answer.metadata?.entryId ?? turn.answer.id,
                    query: turn.query,
                    markdown: content.text,
                    finished,
                  },
                }}
                {...partContext}
              />
            ) : null}
          </div>
          <MessagePart part={media} {...partContext} />
          {finished ? (
            <div className="min-w-0 lg:col-start-1 lg:row-start-2">
              <MessagePart part={related} {...partContext} />
            </div>
          ) : null}
        </div>
      </ChatTurn>
    </AnswerTurnContext>
  );
}

/** A turn's question: the page's heading for the first turn, a section's for the others. */
export function QuestionHeading({ first, children }: { first: boolean; children: ReactNode }) {
  const Heading = first ? "h1" : "h2";
  return (
    // The question reads in its own direction (an English question on an Arabic page, and the
    // reverse), like the answer's blocks (markdown-components.tsx).
    <Heading dir="auto" className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
      {children}
    </Heading>
  );
}
