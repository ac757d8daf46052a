import { CITATION_CHECKS_PART, type SharedThreadMessage, type ThreadEntry } from "@nexus/contracts";
import { useCallback } from "react";
import { useParams } from "react-router";
import { LazyAnswerMarkdown } from "@/components/chat/markdown/lazy-answer-markdown.tsx";
import { CitationChecksContext } from "@/components/chat/markdown/sources-context.ts";
import { citationChecksOf } from "@/components/chat/part-registry.tsx";
import { OfflineBadge } from "@/components/ui/offline-badge.tsx";
import { paths } from "@/config/paths.ts";
import { MediaPanel } from "@/features/answer/components/media-panel.tsx";
import { ReasoningPanel } from "@/features/answer/components/reasoning-panel.tsx";
import { SourcesStrip } from "@/features/answer/components/sources-strip.tsx";
import { entriesToMessages } from "@/features/answer/lib/entries-to-messages.ts";
import { saveSessionThread } from "@/features/answer/lib/session-thread.ts";
import { createThreadId } from "@/features/answer/lib/thread-id.ts";
import { useSignInDialog } from "@/features/auth/hooks/use-sign-in-dialog.tsx";
import {
  isDocumentReply,
  SharedDocumentReply,
} from "@/features/documents/components/shared-document-reply.tsx";
import { SharedDocument } from "@/features/nexdocs/components/shared-document.tsx";
import {
  isResearchReport,
  SharedResearchReport,
} from "@/features/research/components/shared-research-report.tsx";
import { SharedPage, ShareNotFound } from "@/features/shares/components/shared-page.tsx";
import type { SharedConversation } from "@/features/shares/lib/shared-messages.ts";
import { privateFiles } from "@/lib/chat/file-sources.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { SharedAgentBadge, SharedAgentTurn } from "./share-agent.tsx";

const SHARE_ID = /^[td]?[A-Za-z0-9]{22}$/;

/** A shared turn's question (the page's h1 for the first) and, offline, its badge. */
function TurnQuestion({ message, index }: { message: SharedThreadMessage; index: number }) {
  const Heading = index === 0 ? "h1" : "h2";
  return (
    <>
      <Heading className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">
        {message.query}
      </Heading>
      {message.offline ? (
        <div>
          <OfflineBadge />
        </div>
      ) : null}
    </>
  );
}

/** One shared turn, drawn by the answer page's own components (same renderer and citations). */
function SharedTurn({ message, index }: { message: SharedThreadMessage; index: number }) {
  const { parts } = message;
  if (parts && isDocumentReply(parts)) {
    // A document chat's reply: the answer and its cited passages, never the file.
    return (
      <>
        <TurnQuestion message={message} index={index} />
        <SharedDocumentReply parts={parts} id={`turn-${index}`} />
      </>
    );
  }
  if (parts && isResearchReport(parts)) {
    // A deep research's report: its checked citations and its sources list.
    return (
      <>
        <TurnQuestion message={message} index={index} />
        <SharedResearchReport parts={parts} />
      </>
    );
  }
  // An answer's parts are its citation checks alone: it is drawn as an answer, with their marks.
  const answerChecks = parts?.every((p) => p.type === CITATION_CHECKS_PART)
    ? citationChecksOf(parts)
    : undefined;
  if (parts && !answerChecks)
    return <SharedAgentTurn message={{ ...message, parts }} index={index} />;
  const hasMedia = message.images.length > 0 || message.videos.length > 0;
  // The author's files are named and quoted, never linked: readers cannot download them.
  const sources = privateFiles(message.sources);
  return (
    <>
      <TurnQuestion message={message} index={index} />
      <div className={hasMedia ? "grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_14rem]" : ""}>
        <div className="flex min-w-0 flex-col gap-5">
          <SourcesStrip sources={sources} />
          <ReasoningPanel text={message.thinkingContent} thinking={false} answerStarted />
          <CitationChecksContext value={answerChecks}>
            <LazyAnswerMarkdown
              headingBase={index === 0 ? 2 : 3}
              markdown={message.content}
              sources={sources}
              streaming={false}
              className="min-w-0 break-words"
            />
          </CitationChecksContext>
        </div>
        <MediaPanel images={message.images} videos={message.videos} />
      </div>
    </>
  );
}

/**
 * An anonymous visitor's "Continue in Nexus": the shared turns become this tab's thread (the
 * answer page restores it from there, and follow-ups send the earlier turns), under a new id.
 */
function continueInThisTab(conversation: SharedConversation): string {
  const threadId = createThreadId();
  const entries: ThreadEntry[] = conversation.messages.map((message, index) => ({
    id: `${threadId}s${index}`,
    threadId,
    timestamp: message.timestamp,
    query: message.query,
    focusMode: conversation.focusMode,
    isBookmarked: false,
    results: {
      markdown: message.content,
      sources: message.sources,
      images: message.images,
      videos: message.videos,
      thinking: message.thinkingContent,
      ...(message.offline ? { offline: true } : {}),
    },
  }));
  saveSessionThread({
    threadId,
    focusMode: conversation.focusMode,
    messages: entriesToMessages(entries),
  });
  return paths.app.searchResult.hrefFor(conversation.title, threadId);
}

/** /share/:shareId: a shared answer or thread, read-only, for anyone with the link. */
export function ShareRoute() {
  const { shareId = "" } = useParams();
  const { openSignInFor } = useSignInDialog();
  const t = useT();
  // An agent conversation goes on only in that agent's chat, which needs an account.
  const continueAnonymously = useCallback(
    (conversation: SharedConversation) => {
      if (!conversation.agent) return continueInThisTab(conversation);
      openSignInFor(t("shares.signInToContinueWith", { name: conversation.agent.name }));
      return null;
    },
    [openSignInFor, t],
  );
  if (!SHARE_ID.test(shareId)) return <ShareNotFound shareId={shareId} />;
  return (
    <SharedPage
      key={shareId}
      shareId={shareId}
      renderTurn={(message, index) => <SharedTurn message={message} index={index} />}
      renderAgent={(agent) => <SharedAgentBadge agent={agent} />}
      kindLabel={(conversation) =>
        conversation.messages.length === 1 &&
        conversation.messages[0]?.parts &&
        isResearchReport(conversation.messages[0].parts)
          ? t("research.sharedReport")
          : null
      }
      continueAnonymously={continueAnonymously}
      renderDocument={(document) => <SharedDocument document={document} />}
    />
  );
}
