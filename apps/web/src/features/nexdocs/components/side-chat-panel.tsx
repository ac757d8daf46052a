import type { AnswerSource } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { FolderOpen, Globe } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ChatComposer } from "@/components/chat/chat-composer.tsx";
import { ComposerDock } from "@/components/chat/composer-dock.tsx";
import { chatPartRenderers } from "@/components/chat/parts/index.ts";
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
import { messageText, type SideChatUIMessage } from "../lib/side-chat-message.ts";
import { findSideChat, openSideChat, type SideChat } from "../lib/side-chat-store.ts";
import { SideChatReply } from "./side-chat-reply.tsx";

const PIN_TARGETS = {
  turn: '[data-testid="nexdocs-chat-turn"]',
  composer: '[data-testid="nexdocs-chat-composer"]',
};

export interface SideChatActions {
  /** Before a question is sent (the document is saved first, so the answer reads it as it is). */
  beforeAsk: () => Promise<void>;
  /** A question was sent (the address gains the thread). */
  onAsked: () => void;
  /** Places an answer at the editor's cursor; false when there is no editor. */
  onInsert: (text: string, sources: readonly AnswerSource[]) => boolean;
}

function ScopeToggle({
  on,
  icon,
  label,
  name,
  testId,
  onToggle,
}: {
  on: boolean;
  icon: ReactNode;
  label: string;
  name: string;
  testId: string;
  onToggle: () => void;
}) {
  return (
    <Button
      variant={on ? "secondary" : "ghost"}
      size="sm"
      aria-pressed={on}
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={onToggle}
    >
      {icon}
      <span className="sr-only">{name}</span>
    </Button>
  );
}

/** The thread: its turns, a hint while empty, the composer with web and files, stop and queue. */
function SideChatConversation({
  entry,
  title,
  actions,
}: {
  entry: SideChat;
  title: string;
  actions: SideChatActions;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState({ ...entry.scope });
  const thread = useThread(entry, {
    pinTargets: PIN_TARGETS,
    // A finished reply moves the thread to the top of the history and counts in the usage.
    onReplyEnd: () => {
      void queryClient.invalidateQueries({ queryKey: historyKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
    },
  });
  const { busy, failed, error } = thread;
  const toggle = (key: "web" | "files") => {
    entry.scope[key] = !entry.scope[key];
    setScope({ ...entry.scope });
  };
  const ask = (text: string) => {
    void actions
      .beforeAsk()
      .catch(() => undefined)
      .then(() => {
        actions.onAsked();
        thread.send(text);
      });
  };
  const statusText = threadStatusText(thread, {
    submitted: t("nexdocs.chat.reading"),
    streaming: t("nexdocs.chat.replying"),
  });
  const notice = (
    <ThreadRetryNotice
      error={failed ? (error ?? null) : null}
      onRetry={() => thread.askAgain()}
      retryLabel={t("nexdocs.chat.retry")}
      testId="nexdocs-chat-error"
    />
  );

  return (
    <ThreadScreen
      thread={thread}
      slots={{
        renderers: chatPartRenderers,
        listTestId: "nexdocs-chat-messages",
        listClassName: "gap-6 pt-4",
        openAtEnd: true,
        turnTestId: "nexdocs-chat-turn",
        pendingTestId: "nexdocs-chat-pending",
        empty: (
          <p className="text-sm text-muted" data-testid="nexdocs-chat-empty">
            {t("nexdocs.chat.empty")}
          </p>
        ),
        question: (question) => (
          <div className="flex w-full justify-end" data-testid="nexdocs-chat-question">
            <p className="max-w-[90%] rounded-2xl rounded-br-md bg-surface-2 px-3 py-2 text-sm break-words whitespace-pre-wrap text-fg">
              {messageText(question)}
            </p>
          </div>
        ),
        reply: (reply, _asked, { replyIsLast }) => (
          <SideChatReply
            message={reply}
            streaming={busy && replyIsLast}
            onInsert={actions.onInsert}
            onRegenerate={replyIsLast && !busy && !failed ? () => thread.regenerateLast() : null}
          />
        ),
        notice,
        composer: (queued) => (
          <ComposerDock
            testId="nexdocs-chat-composer"
            statusTestId="nexdocs-chat-status"
            statusText={statusText}
            below={queued}
          >
            <ChatComposer
              label={t("nexdocs.chat.composerLabel", { title })}
              placeholder={busy ? t("nexdocs.chat.placeholderBusy") : t("nexdocs.chat.placeholder")}
              busy={busy}
              queueWhileBusy
              onSend={ask}
              onStop={thread.stop}
              attach={{
                tools: (
                  <>
                    <ScopeToggle
                      on={scope.web}
                      icon={<Globe className="size-4" aria-hidden="true" />}
                      label={t("nexdocs.chat.webLabel")}
                      name={t("nexdocs.chat.web")}
                      testId="nexdocs-chat-web"
                      onToggle={() => toggle("web")}
                    />
                    <ScopeToggle
                      on={scope.files}
                      icon={<FolderOpen className="size-4" aria-hidden="true" />}
                      label={t("nexdocs.chat.filesLabel")}
                      name={t("nexdocs.chat.files")}
                      testId="nexdocs-chat-files"
                      onToggle={() => toggle("files")}
                    />
                  </>
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
 * The side chat's thread beside the document: a live one (this tab's), a saved one restored
 * through the one thread API (GET /api/threads/:id, with its sources and checks), or a new one
 * (`fresh`: its id is not in the address yet, nothing to load).
 */
export function SideChatThread({
  documentId,
  title,
  threadId,
  fresh,
  actions,
}: {
  documentId: string;
  title: string;
  threadId: string;
  fresh: boolean;
  actions: SideChatActions;
}) {
  const session = useSession();
  const owner = session.user?.id ?? "anonymous";
  const live = findSideChat(owner, documentId, threadId);
  const saved = useSavedThread<SideChatUIMessage>(threadId, {
    enabled: !live && !fresh,
    expected: { kind: "nexdocs", subject: documentId },
  });
  const messages = fresh ? [] : saved.state === "ready" ? saved.messages : null;
  const entry = live ?? (messages ? openSideChat({ owner, documentId, threadId, messages }) : null);
  if (!entry)
    return (
      <ThreadLoadState
        state={saved}
        newHref={paths.app.nexdocs.href(documentId)}
        className="px-4 py-6"
      />
    );
  return <SideChatConversation key={entry.key} entry={entry} title={title} actions={actions} />;
}
