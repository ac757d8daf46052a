import { History } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Sheet } from "@/components/ui/sheet.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { formatRelativeTime } from "@/lib/relative-time.ts";
import { useEarlierChats } from "../api/collections.ts";

/** The list inside the sheet: loading, error, empty, or the chats newest first. */
function ChatList({
  documentId,
  threadId,
  onOpen,
}: {
  documentId: string;
  threadId: string;
  onOpen: () => void;
}) {
  const t = useT();
  const chats = useEarlierChats(documentId);
  const [now] = useState(() => new Date());
  if (chats.isPending)
    return (
      <div className="flex flex-col gap-2" data-testid="earlier-chats-loading">
        <span className="sr-only" role="status">
          {t("docCollections.loading")}
        </span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  if (chats.isError)
    return (
      <LoadError
        what={t("docCollections.earlier")}
        error={chats.error}
        onRetry={() => void chats.refetch()}
      />
    );
  const list = chats.data.chats;
  if (list.length === 0)
    return (
      <p className="text-sm text-muted" role="status" data-testid="earlier-chats-empty">
        {t("docCollections.earlierEmpty")}
      </p>
    );
  return (
    <ul className="flex flex-col gap-1" data-testid="earlier-chats-list">
      {list.map((chat) => {
        const current = chat.threadId === threadId;
        return (
          <li key={chat.threadId}>
            <Link
              to={paths.app.documentChat.href(chat.documentId, chat.threadId)}
              onClick={onOpen}
              aria-current={current ? "page" : undefined}
              data-testid="earlier-chat"
              className="flex min-w-0 flex-col gap-0.5 rounded-lg px-3 py-2 text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring aria-[current=page]:bg-surface-2"
            >
              <span className="truncate font-medium text-fg" title={chat.title}>
                {chat.title}
              </span>
              <span className="text-xs text-muted">
                {formatRelativeTime(chat.updatedAt, now)}
                {chat.files > 1 ? ` · ${t("docCollections.fileCount", { count: chat.files })}` : ""}
                {current ? ` · ${t("docCollections.current")}` : ""}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "Earlier chats" beside the document (issue 41): the person's chats about this file (those at
 * its address and those it was added to), with their titles and dates; one opens that chat.
 */
export function EarlierChats({ documentId, threadId }: { documentId: string; threadId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        data-testid="earlier-chats"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={buttonClasses({ variant: "ghost", size: "sm", className: "shrink-0" })}
      >
        <History className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t("docCollections.earlier")}</span>
      </button>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        side="right"
        title={t("docCollections.earlier")}
        testId="earlier-chats-sheet"
        returnFocusRef={button}
      >
        <div className="min-h-0 flex-1 overflow-y-auto p-3">
          {open ? (
            <ChatList documentId={documentId} threadId={threadId} onOpen={() => setOpen(false)} />
          ) : null}
        </div>
      </Sheet>
    </>
  );
}
