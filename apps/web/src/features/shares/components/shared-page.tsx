import {
  isThreadShareId,
  MESSAGES,
  type SharedAgent,
  type SharedNexdocs,
  type SharedThreadMessage,
} from "@nexus/contracts";
import { Link2Off, MessagesSquare, RefreshCw, Text } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { AnswerSkeleton, Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { formatDateTime } from "@/lib/format.ts";
import { t, translateSpec, useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";
import { isShareNotFound, usePublicShare } from "../api/get-public-share.ts";
import { type SharedConversation, sharedConversationOf } from "../lib/shared-messages.ts";
import { ContinueButton } from "./continue-button.tsx";

const FRAME = "mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12";
/** Wider when images or videos sit beside the answers, as on the answer page. */
const WIDE_FRAME = "mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12";

function Eyebrow() {
  const t = useT();
  return <p className="text-sm font-medium text-accent">{t("shares.page.eyebrow")}</p>;
}

function Loading() {
  return (
    <div className={FRAME} data-testid="share-loading">
      <span role="status" className="sr-only">
        {MESSAGES.loading}
      </span>
      <Eyebrow />
      <Skeleton className="mt-3 h-9 w-3/4" />
      <Skeleton className="mt-3 h-4 w-48" />
      <AnswerSkeleton lines={3} className="mt-10" />
    </div>
  );
}

/** Unknown, revoked and deleted links: the spec's message for the kind of link. */
export function ShareNotFound({ shareId }: { shareId: string }) {
  useT();
  const message = translateSpec(
    isThreadShareId(shareId) ? MESSAGES.noSuchThreadShare : MESSAGES.noSuchShare,
  );
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-20 text-center sm:px-6"
      data-testid="share-not-found"
    >
      <title>{`${message} · Nexus`}</title>
      <Link2Off className="size-10 text-subtle" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">{message}</h1>
      <p className="text-muted">{t("shares.page.notFoundText")}</p>
      <Link to={paths.app.root.href()} className={buttonClasses()}>
        {t("shares.page.askOwn")}
      </Link>
    </div>
  );
}

function Conversation({
  conversation,
  renderTurn,
  renderAgent,
  kindLabel,
  continueAnonymously,
}: {
  conversation: SharedConversation;
  renderAgent: (agent: SharedAgent) => ReactNode;
  kindLabel: ((conversation: SharedConversation) => string | null) | undefined;
  renderTurn: (message: SharedThreadMessage, index: number) => ReactNode;
  continueAnonymously: (conversation: SharedConversation) => string | null;
}) {
  useT();
  const KindIcon = conversation.kind === "thread" ? MessagesSquare : Text;
  const count = conversation.messages.length;
  const hasMedia = conversation.messages.some(
    (message) => message.images.length > 0 || message.videos.length > 0,
  );
  return (
    <div
      className={hasMedia ? WIDE_FRAME : FRAME}
      data-testid="shared-conversation"
      data-kind={conversation.kind}
      data-agent={conversation.agent?.agentId}
    >
      <title>{`${conversation.title} · ${t("shares.page.eyebrow")}`}</title>
      <header className="flex flex-col gap-4 border-b border-border pb-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Eyebrow />
          <ContinueButton
            conversation={conversation}
            continueAnonymously={continueAnonymously}
            className="max-sm:hidden"
          />
        </div>
        {conversation.agent ? renderAgent(conversation.agent) : null}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5">
            <KindIcon className="size-4" aria-hidden="true" />
            {kindLabel?.(conversation) ??
              (conversation.kind === "thread"
                ? t(conversation.agent ? "shares.page.conversation" : "shares.page.thread", {
                    count,
                  })
                : conversation.agent
                  ? t("shares.page.reply")
                  : t("shares.page.answer"))}
          </span>
          <span>
            {richT("shares.page.sharedOn", {
              date: (
                <time dateTime={conversation.sharedAt}>
                  {formatDateTime(conversation.sharedAt)}
                </time>
              ),
            })}
          </span>
          <span>{t("shares.page.readOnly")}</span>
        </p>
        <ContinueButton
          conversation={conversation}
          continueAnonymously={continueAnonymously}
          className="w-full sm:hidden"
        />
      </header>
      <div className="mt-8 flex flex-col gap-10">
        {conversation.messages.map((message, index) => (
          <article
            // biome-ignore lint/suspicious/noArrayIndexKey: a snapshot's turns never change order
            key={index}
            data-testid="shared-turn"
            className="flex flex-col gap-5 border-b border-border pb-10 last:border-b-0"
          >
            {renderTurn(message, index)}
          </article>
        ))}
      </div>
      <footer className="mt-4 flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface-2/60 p-6 text-center">
        <p className="text-sm text-muted">{t("shares.page.followUp")}</p>
        <ContinueButton conversation={conversation} continueAnonymously={continueAnonymously} />
      </footer>
    </div>
  );
}

/**
 * /share/:shareId: the read-only snapshot of a shared answer or thread. The route renders each turn
 * (with the answer page's renderer) and says how an anonymous visitor continues it.
 */
export function SharedPage({
  shareId,
  renderTurn,
  renderAgent,
  kindLabel,
  continueAnonymously,
  renderDocument,
}: {
  shareId: string;
  /** A shared NexDocs document (read-only; the nexdocs feature draws it). */
  renderDocument?: (document: SharedNexdocs) => ReactNode;
  renderTurn: (message: SharedThreadMessage, index: number) => ReactNode;
  /** The agent of a shared agent conversation (its icon or avatar and name). */
  renderAgent: (agent: SharedAgent) => ReactNode;
  /** What the shared thing is, when another feature knows better ("Deep research report"). */
  kindLabel?: (conversation: SharedConversation) => string | null;
  continueAnonymously: (conversation: SharedConversation) => string | null;
}) {
  useT();
  const share = usePublicShare(shareId);
  if (share.isPending) return <Loading />;
  if (share.isError) {
    if (isShareNotFound(share.error)) return <ShareNotFound shareId={shareId} />;
    return (
      <div className={FRAME}>
        <Eyebrow />
        <Alert
          kind="error"
          className="mt-6"
          action={
            <Button size="sm" variant="outline" onClick={() => void share.refetch()}>
              <RefreshCw className="size-3.5" aria-hidden="true" />
              {t("common.retry")}
            </Button>
          }
        >
          {t("shares.page.loadFailed")} {errorMessage(share.error)}
        </Alert>
      </div>
    );
  }
  if (share.data.kind === "nexdoc")
    return renderDocument ? (
      renderDocument(share.data.document)
    ) : (
      <ShareNotFound shareId={shareId} />
    );
  return (
    <Conversation
      conversation={sharedConversationOf(share.data)}
      renderTurn={renderTurn}
      renderAgent={renderAgent}
      kindLabel={kindLabel}
      continueAnonymously={continueAnonymously}
    />
  );
}
