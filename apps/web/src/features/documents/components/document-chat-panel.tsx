import type { DocumentCitation, DocumentInfo } from "@nexus/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Brain } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { ChatComposer, type ComposerDraft } from "@/components/chat/chat-composer.tsx";
import { ComposerDock } from "@/components/chat/composer-dock.tsx";
import { chatPartRenderers } from "@/components/chat/parts/index.ts";
import { LiveThreadBar } from "@/components/chat/thread/live-thread-bar.tsx";
import { ThreadLoadState } from "@/components/chat/thread/thread-load-state.tsx";
import { ThreadRetryNotice } from "@/components/chat/thread/thread-retry-notice.tsx";
import { ThreadScreen } from "@/components/chat/thread/thread-screen.tsx";
import {
  threadStatusText,
  useSavedThread,
  useThread,
} from "@/components/chat/thread/use-thread.ts";
import { Button } from "@/components/ui/button.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { historyKeys, usageKeys } from "@/lib/query-keys.ts";
import { useSession } from "@/lib/session.tsx";
import { useCollectionFiles } from "../api/collections.ts";
import { documentKeys, getDocumentText } from "../api/documents.ts";
import {
  type DocumentChat,
  findDocumentChat,
  openDocumentChat,
} from "../lib/document-chat-store.ts";
import { type DocumentUIMessage, messageText } from "../lib/document-message.ts";
import { askAboutText, onDocumentChatRequest, quoteText } from "../lib/selection-chat.ts";
import { documentStarters, starterSubject } from "../lib/starters.ts";
import { DocumentReply } from "./document-reply.tsx";

/**
 * What an empty thread offers to ask (a click sends it): questions from the document's own
 * headings, sheets or slide titles, or about a collection's files together (lib/starters.ts), in
 * the interface's language; its kind's general ones until its text has arrived.
 */
function useStarters(
  document: DocumentInfo,
  threadId: string,
): { starters: readonly string[]; collection: boolean } {
  const t = useT();
  const text = useQuery({
    queryKey: documentKeys.text(document.id),
    queryFn: ({ signal }) => getDocumentText(document.id, signal),
    enabled: document.status === "ready",
    staleTime: Number.POSITIVE_INFINITY,
  });
  const files = useCollectionFiles(document.id, threadId).data?.files?.length ?? 1;
  // Worded anew on each render: `useT` renders again when the language changes.
  const starters = documentStarters({ kind: document.kind, text: text.data, files, t });
  return { starters, collection: starterSubject(document.kind, files) === "collection" };
}

const PIN_TARGETS = {
  turn: '[data-testid="document-turn"]',
  composer: '[data-testid="document-composer"]',
};

export function Suggestions({
  document,
  threadId,
  onPick,
  disabled,
}: {
  document: DocumentInfo;
  threadId: string;
  onPick: (text: string) => void;
  disabled: boolean;
}) {
  const t = useT();
  const { starters, collection } = useStarters(document, threadId);
  return (
    <div className="flex flex-col gap-2" data-testid="document-suggestions">
      <p className="text-sm text-muted">
        {t(collection ? "documents.chat.introCollection" : "documents.chat.intro")}
      </p>
      <div className="flex flex-wrap gap-2">
        {starters.map((text) => (
          <Button
            key={text}
            variant="outline"
            size="sm"
            // A long question (a long column name, a wordier language) wraps within the column.
            className="h-auto! min-h-8 max-w-full shrink! py-1.5 text-start whitespace-normal!"
            disabled={disabled}
            onClick={() => onPick(text)}
          >
            {text}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** The thread: its turns, the suggestions while empty, the composer with reasoning, stop, queue. */
function DocumentConversation({
  entry,
  document,
  threadId,
  onCitation,
}: {
  entry: DocumentChat;
  document: DocumentInfo;
  threadId: string;
  onCitation: (citation: DocumentCitation) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [reasoning, setReasoning] = useState(entry.reasoning.on);
  const ready = document.status === "ready";
  const thread = useThread(entry, {
    pinTargets: PIN_TARGETS,
    canSend: () => ready,
    // A finished reply moves the thread to the top of the history and counts in the usage.
    onReplyEnd: () => {
      void queryClient.invalidateQueries({ queryKey: historyKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    },
  });
  const { busy, failed, error } = thread;
  // The viewer's "Ask about this" sends the selection; "Quote in chat" puts it in the composer.
  const draft = useRef<ComposerDraft>(null);
  const { send } = thread;
  useEffect(
    () =>
      onDocumentChatRequest(document.id, (request) => {
        if (request.mode === "ask") {
          if (!ready) return false;
          send(askAboutText(request.text));
          return true;
        }
        if (!draft.current) return false;
        draft.current(quoteText(request.text));
        return true;
      }),
    [document.id, send, ready],
  );
  const toggleReasoning = () => {
    entry.reasoning.on = !entry.reasoning.on;
    setReasoning(entry.reasoning.on);
  };

  const statusText = threadStatusText(thread, {
    submitted: t("documents.chat.submitted"),
    streaming: t("documents.chat.streaming"),
    idle: ready ? "" : t("documents.chat.notReady"),
  });
  const notice = (
    <ThreadRetryNotice
      error={failed ? (error ?? null) : null}
      onRetry={() => thread.askAgain()}
      retryLabel={t("common.retry")}
      testId="document-chat-error"
    />
  );

  return (
    <ThreadScreen
      thread={thread}
      slots={{
        renderers: chatPartRenderers,
        listTestId: "document-messages",
        openAtEnd: true,
        turnTestId: "document-turn",
        pendingTestId: "document-pending",
        empty: (
          <Suggestions
            document={document}
            threadId={threadId}
            onPick={thread.send}
            disabled={!ready}
          />
        ),
        question: (question) => (
          <div className="flex w-full justify-end" data-testid="document-question">
            <p className="max-w-[85%] rounded-2xl rounded-br-md bg-surface-2 px-4 py-2.5 text-base break-words whitespace-pre-wrap text-fg">
              {messageText(question)}
            </p>
          </div>
        ),
        reply: (reply, _asked, { replyIsLast }) => (
          <DocumentReply
            message={reply}
            streaming={busy && replyIsLast}
            onRegenerate={replyIsLast && !busy && !failed ? () => thread.regenerateLast() : null}
            onCitation={onCitation}
          />
        ),
        notice,
        composer: (queued) => (
          <ComposerDock
            testId="document-composer"
            statusTestId="document-status"
            statusText={statusText}
            below={queued}
          >
            <ChatComposer
              label={t("documents.chat.askAbout", { name: document.name })}
              placeholder={
                busy ? t("documents.chat.placeholderBusy") : t("documents.chat.placeholder")
              }
              busy={busy}
              queueWhileBusy
              disabled={!ready}
              draftRef={draft}
              onSend={(text) => thread.send(text)}
              onStop={thread.stop}
              attach={{
                tools: (
                  <Button
                    variant={reasoning ? "secondary" : "ghost"}
                    size="sm"
                    aria-pressed={reasoning}
                    data-testid="document-reasoning"
                    onClick={toggleReasoning}
                  >
                    <Brain className="size-4" aria-hidden="true" />
                    <span className="max-sm:sr-only">{t("documents.chat.reasoning")}</span>
                  </Button>
                ),
              }}
            />
          </ComposerDock>
        ),
      }}
    />
  );
}

/**
 * The chat beside a document (/app/pdf-chat and /app/document-chat): one thread on the one chat
 * client, posting to POST /api/documents/:id/chat. A thread with saved turns is restored from
 * history (with its citations, so its chips highlight again); a click on a citation hands it to
 * `onCitation` (the viewer scrolls to and marks it). `header` draws the bar of a thread with a
 * reply (the app layer's title with Rename, Share thread and Delete).
 */
export function DocumentChatPanel({
  document,
  threadId,
  onCitation,
  header,
}: {
  document: DocumentInfo;
  threadId: string;
  onCitation: (citation: DocumentCitation) => void;
  header?: (thread: DocumentThreadContext) => ReactNode;
}) {
  const t = useT();
  const session = useSession();
  const owner = session.user?.id ?? "anonymous";
  const live = findDocumentChat(owner, document.id, threadId);
  // The one thread API: a thread with no turn yet is an empty one about this document.
  const thread = useSavedThread<DocumentUIMessage>(threadId, {
    enabled: !live,
    expected: { kind: "document", subject: document.id },
  });

  let body: ReactNode;
  const entry =
    live ??
    (thread.state === "ready"
      ? openDocumentChat({ owner, documentId: document.id, threadId, messages: thread.messages })
      : null);
  if (entry) {
    body = (
      <DocumentConversation
        key={entry.key}
        entry={entry}
        document={document}
        threadId={threadId}
        onCitation={onCitation}
      />
    );
  } else {
    body = (
      <ThreadLoadState
        state={thread}
        // (A PDF's new chat moves on to its pdf-chat address.)
        newHref={paths.app.documentChat.href(document.id)}
        className="mx-auto w-full max-w-3xl px-4 py-6"
      />
    );
  }

  return (
    <section
      aria-label={t("documents.chat.region", { name: document.name })}
      data-testid="document-chat-panel"
      className="flex min-h-0 min-w-0 flex-1 flex-col"
    >
      {header && entry ? (
        <LiveThreadBar
          key={`bar-${entry.key}`}
          chat={entry.chat}
          render={(firstQuery) => (firstQuery ? header({ threadId, firstQuery }) : null)}
        />
      ) : null}
      {body}
    </section>
  );
}

/** What the bar of a document chat's thread knows about it. */
export interface DocumentThreadContext {
  threadId: string;
  /** The person's first question (the title until the server's arrives). */
  firstQuery: string;
}
