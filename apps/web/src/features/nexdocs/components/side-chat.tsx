import { type AnswerSource, type NexdocsNode, nexdocsSectionsOf } from "@nexus/contracts";
import type { Editor, JSONContent } from "@tiptap/core";
import { MessageSquare, SquarePen, X } from "lucide-react";
import { type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { Sheet } from "@/components/ui/sheet.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { useMediaQuery } from "@/lib/use-media-query.ts";
import { answerToContent } from "../lib/answer-to-doc.ts";
import { newThreadId } from "../lib/thread-id.ts";
import type { SideChatActions } from "./side-chat-panel.tsx";

// The chat's code (the chat client, the thread screen, the composer) loads when it is first opened.
const SideChatThread = lazyComponent(() =>
  import("./side-chat-panel.tsx").then((m) => m.SideChatThread),
);

function ThreadSkeleton() {
  return (
    <div className="flex flex-col gap-3 py-4" aria-hidden="true">
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}

/** Scrolls the editor to section `index` (as the server split it) and marks it for a moment. */
function showSection(editor: Editor, index: number): void {
  const section = nexdocsSectionsOf(editor.getJSON() as NexdocsNode)[index];
  if (!section) return;
  let pos: number | null = null;
  editor.state.doc.forEach((_node, offset, at) => {
    if (at === section.block) pos = offset;
  });
  if (pos === null) return;
  const dom = editor.view.nodeDOM(pos);
  if (!(dom instanceof HTMLElement)) return;
  dom.scrollIntoView?.({ block: "center" });
  dom.animate?.(
    [{ backgroundColor: "rgb(250 204 21 / 0.35)" }, { backgroundColor: "transparent" }],
    {
      duration: 1600,
    },
  );
}

/**
 * The side chat about the document (issue 40 scope 4, /app/nexdocs/:documentId/:threadId): a
 * toggle for the document's bar, and the chat — a panel beside the editor on a wide screen, a
 * sheet on a phone. A new chat's id joins the address with its first question (a reload restores
 * it); a section's citation (?section=n) scrolls the editor there; an answer is inserted at the
 * editor's cursor with its citations as chips.
 */
export function useSideChat(options: {
  documentId: string;
  title: string;
  editor: Editor | null;
  /** The thread in the address, if any. */
  urlThreadId: string | undefined;
  beforeAsk: () => Promise<void>;
}): { toggle: ReactNode; aside: ReactNode; sheet: ReactNode; open: boolean } {
  const { documentId, editor, urlThreadId } = options;
  const t = useT();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const wide = useMediaQuery("(min-width: 1024px)");
  const [open, setOpen] = useState(urlThreadId !== undefined);
  const [threadId, setThreadId] = useState(() => urlThreadId ?? newThreadId());
  // The address's thread wins (back and forward, a citation's link).
  useEffect(() => {
    if (!urlThreadId) return;
    setThreadId(urlThreadId);
    setOpen(true);
  }, [urlThreadId]);

  const section = params.get("section");
  useEffect(() => {
    if (!editor || section === null || !/^\d{1,6}$/.test(section)) return;
    showSection(editor, Number(section));
    setParams(
      (current) => {
        current.delete("section");
        return current;
      },
      { replace: true },
    );
  }, [editor, section, setParams]);

  const onInsert = useCallback(
    (text: string, sources: readonly AnswerSource[]) => {
      if (!editor || editor.isDestroyed) return false;
      const content = answerToContent(text, sources) as JSONContent[];
      if (content.length === 0) return false;
      editor.chain().insertContent(content).run();
      if (wide) editor.commands.focus();
      else setOpen(false);
      return true;
    },
    [editor, wide],
  );
  const actions: SideChatActions = {
    beforeAsk: options.beforeAsk,
    onAsked: () => {
      if (urlThreadId !== threadId)
        void navigate(paths.app.nexdocs.href(documentId, threadId), { replace: true });
    },
    onInsert,
  };
  const newChat = () => {
    setThreadId(newThreadId());
    if (urlThreadId) void navigate(paths.app.nexdocs.href(documentId), { replace: true });
  };

  const title = t("nexdocs.chat.title");
  const thread = (
    <Suspense fallback={<ThreadSkeleton />}>
      <SideChatThread
        key={threadId}
        documentId={documentId}
        title={options.title || t("nexdocs.untitled")}
        threadId={threadId}
        fresh={urlThreadId !== threadId}
        actions={actions}
      />
    </Suspense>
  );
  const newChatButton = (
    <Button
      variant="ghost"
      size="sm"
      onClick={newChat}
      title={t("nexdocs.chat.newChat")}
      data-testid="nexdocs-chat-new"
    >
      <SquarePen className="size-4" aria-hidden="true" />
      <span className={wide ? "sr-only" : undefined}>{t("nexdocs.chat.newChat")}</span>
    </Button>
  );
  const toggle = (
    <Button
      variant={open ? "secondary" : "ghost"}
      size="sm"
      aria-pressed={open}
      aria-label={t("nexdocs.chat.openLabel")}
      title={t("nexdocs.chat.openLabel")}
      data-testid="nexdocs-chat-toggle"
      onClick={() => setOpen(!open)}
    >
      <MessageSquare className="size-4" aria-hidden="true" />
      <span className="max-sm:sr-only">{t("nexdocs.chat.open")}</span>
    </Button>
  );
  const aside =
    open && wide ? (
      <aside
        aria-label={title}
        data-testid="nexdocs-chat"
        className="sticky top-16 flex h-[calc(100dvh-5.5rem)] w-96 shrink-0 flex-col self-start overflow-hidden rounded-xl border border-border bg-surface"
      >
        <div className="flex shrink-0 items-center gap-1 border-b border-border px-3 py-2">
          <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{title}</h2>
          {newChatButton}
          <Button
            variant="ghost"
            size="sm"
            aria-label={t("nexdocs.chat.close")}
            title={t("nexdocs.chat.close")}
            onClick={() => setOpen(false)}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        </div>
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto px-4">{thread}</div>
      </aside>
    ) : null;
  const sheet = !wide ? (
    <Sheet open={open} onOpenChange={setOpen} side="bottom" title={title} testId="nexdocs-chat">
      <div className="flex justify-end px-3 pt-2">{newChatButton}</div>
      <div className="flex min-h-[50dvh] flex-col px-4">{thread}</div>
    </Sheet>
  ) : null;
  return { toggle, aside, sheet, open: open && wide };
}
