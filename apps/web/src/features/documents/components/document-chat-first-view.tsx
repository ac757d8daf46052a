import type { DocumentInfo } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ChatMessageList } from "@/components/chat/chat-layout.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { CollectionBar } from "./collection-bar.tsx";
import { Suggestions } from "./document-chat-panel.tsx";
import { Loading } from "./document-text-pane.tsx";
import {
  NewChatButton,
  PHONE_CHAT,
  WORKSPACE,
  WorkspaceHeader,
  WorkspaceTabs,
} from "./document-workspace.tsx";
import { EarlierChats } from "./earlier-chats.tsx";
import { ResizableSplit } from "./resizable-split.tsx";

/**
 * A new chat over one of the person's ready documents before the app's code has arrived (the
 * server's first view, src/app/first-views.tsx): the workspace as its first render draws it — the
 * document's bar, its files (the document alone), on a phone the tabs with the chat open, beside
 * the sidebar the viewer opening at the divider's first place — and the starters of its kind
 * (`kind`: the document's text has not arrived yet, so the general ones), shown disabled.
 * The app picks the phone's or the wide layout from the width; here the CSS does.
 */
export function DocumentChatFirstView({ name, kind }: { name: string; kind: string }) {
  const t = useT();
  const document: DocumentInfo = {
    id: "",
    name,
    kind,
    viewer: kind === "pdf" ? "pdf" : "text",
    status: "ready",
    pages: null,
    size: 0,
    warnings: [],
    ocrPages: [],
    runId: "",
  };
  // The components' queries never run here (nothing is fetched while prerendering).
  const queries = new QueryClient();
  const chat = (
    <section
      aria-label={t("documents.chat.region", { name })}
      data-testid="document-chat-panel"
      className="flex min-h-0 min-w-0 flex-1 flex-col"
    >
      <ChatMessageList testId="document-messages" className="gap-6">
        {/* Until the app has taken over, a click could not send: the starters show, disabled. */}
        <Suggestions document={document} threadId="" onPick={() => undefined} disabled={true} />
      </ChatMessageList>
    </section>
  );
  return (
    <QueryClientProvider client={queries}>
      <div className={WORKSPACE} data-testid="document-workspace">
        <WorkspaceHeader name={name}>
          <span className="ml-auto" />
          <EarlierChats documentId="" threadId="" />
          <NewChatButton />
        </WorkspaceHeader>
        <CollectionBar
          documentId=""
          threadId=""
          files={[{ id: "", name, kind, status: "ready", primary: true }]}
          shownId=""
          onShow={() => undefined}
        />
        <div className="flex min-h-0 flex-1 flex-col lg:hidden">
          <WorkspaceTabs tab="chat" />
          <div className={PHONE_CHAT}>{chat}</div>
        </div>
        <div className="hidden min-h-0 flex-1 flex-col lg:flex">
          <ResizableSplit
            left={<Loading label={t("documents.opening", { name })} />}
            right={chat}
          />
        </div>
      </div>
    </QueryClientProvider>
  );
}
