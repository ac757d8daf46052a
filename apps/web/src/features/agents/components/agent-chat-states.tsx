import { AGENT_NEEDS_MODEL_HOW_TO, AGENT_NEEDS_MODEL_TITLE } from "@nexus/contracts";
import { ArrowRight, MessagesSquare, Plug, RefreshCw, SearchX } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { t } from "@/lib/i18n/i18n.ts";

const CONNECTING_A_MODEL = paths.blogArticle.href("connecting-a-model");

/** The agent needs a language model and this server has none: what the administrator sets. */
export function NeedsModelCard() {
  return (
    <div
      role="alert"
      data-testid="agent-needs-model"
      className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning-soft p-4 text-sm"
    >
      <div className="flex items-start gap-2.5">
        <Plug className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold text-fg">{AGENT_NEEDS_MODEL_TITLE}</p>
          <p className="mt-1 text-muted">{AGENT_NEEDS_MODEL_HOW_TO}</p>
        </div>
      </div>
      <Link
        to={CONNECTING_A_MODEL}
        className="inline-flex items-center gap-1.5 self-start rounded font-medium text-accent hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {t("agentChat.connectingModel")}
        <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      </Link>
    </div>
  );
}

/** 409 conversation_full: the conversation reached its turns; a new one starts empty. */
export function ConversationFull({ onStartNew }: { onStartNew: () => void }) {
  return (
    <div
      role="alert"
      data-testid="agent-conversation-full"
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2 p-4 text-sm"
    >
      <div className="flex items-start gap-2.5">
        <MessagesSquare className="mt-0.5 size-5 shrink-0 text-muted" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold text-fg">{t("agentChat.fullTitle")}</p>
          <p className="mt-1 text-muted">{t("agentChat.fullText")}</p>
        </div>
      </div>
      <Button size="sm" className="self-start" onClick={onStartNew}>
        {t("agentChat.startNew")}
      </Button>
    </div>
  );
}

/** Any other failure of a reply: the server's (or the network's) message and Retry. */
export function ReplyError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div data-testid="agent-error">
      <Alert
        kind="error"
        className="flex-wrap"
        action={
          <Button variant="outline" size="sm" onClick={onRetry}>
            <RefreshCw className="size-4" aria-hidden="true" />
            {t("common.retry")}
          </Button>
        }
      >
        {message.trim() || t("agentChat.replyFailed")}
      </Alert>
    </div>
  );
}
