import type { DocumentCitation, DocumentInfo } from "@nexus/contracts";
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { FileText, MessageSquare, ScanText, SquarePen } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { PageMeta } from "@/components/seo/page-meta.tsx";
import { Button } from "@/components/ui/button.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { formatNumber } from "@/lib/format.ts";
import { t, useT } from "@/lib/i18n/i18n.ts";
import { useSession } from "@/lib/session.tsx";
import { useMediaQuery } from "@/lib/use-media-query.ts";
import { useCollectionFiles } from "../api/collections.ts";
import {
  documentContentUrl,
  documentKeys,
  getDocument,
  getDocumentText,
  getPassage,
} from "../api/documents.ts";
import { findDocumentChat } from "../lib/document-chat-store.ts";
import { askAboutText, quoteText, requestDocumentChat } from "../lib/selection-chat.ts";
import { CollectionBar } from "./collection-bar.tsx";
import { DocumentChatPanel, type DocumentThreadContext } from "./document-chat-panel.tsx";
import { Loading, TextPane } from "./document-text-pane.tsx";
import { EarlierChats } from "./earlier-chats.tsx";
import type { DocumentHighlight } from "./pdf-viewer.tsx";
import { PdfViewerLoader } from "./pdf-viewer-loader.tsx";
import { ResizableSplit } from "./resizable-split.tsx";
import { SelectionActions } from "./selection-actions.tsx";

/** Places text in the document chat's composer (its textarea is React's: set as typing would). */
function fillComposer(text: string): boolean {
  const box = window.document.querySelector<HTMLTextAreaElement>(
    '[data-testid="document-composer"] textarea',
  );
  const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  if (!box || !setValue) return false;
  setValue.call(box, `${box.value ? `${box.value.trimEnd()}\n\n` : ""}${text}`);
  box.dispatchEvent(new Event("input", { bubbles: true }));
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  return true;
}

/** "Recognised text (p. 3)" or "Recognised text (3 pages)". */
function recognisedLabel(pages: readonly number[]): string {
  return pages.length === 1
    ? t("documents.recognisedPage", { page: formatNumber(pages[0] ?? 1) })
    : t("documents.recognisedPages", { count: pages.length });
}

/**
 * A document beside its chat (/app/pdf-chat/:documentId/:threadId, /app/document-chat/…): the PDF
 * (or the document's text) on one side, the chat on the other; on a phone, two tabs, and a citation
 * switches to the document. `chunk`: a passage to mark on opening (a cited file's link).
 */
export function DocumentWorkspace({
  document,
  threadId,
  chunk,
  quote,
  threadHeader,
  onNewChat,
}: {
  document: DocumentInfo;
  threadId: string;
  chunk: number | null;
  /** Words of the passage to mark within it (a research note's quote), with `chunk`. */
  quote?: string | null;
  threadHeader?: ((thread: DocumentThreadContext) => ReactNode) | undefined;
  /** "New chat": another chat over the same files (`added`: those besides the document). */
  onNewChat?: (added: string[]) => void;
}) {
  const t = useT();
  const wide = useMediaQuery("(min-width: 1024px)");
  // The chat's files (a collection): the viewer shows one of them, the document at first.
  const collection = useCollectionFiles(document.id, threadId);
  const chatFiles = collection.data?.files ?? [];
  const [shownId, setShownId] = useState(document.id);
  const other = useQuery({
    queryKey: documentKeys.info(shownId),
    queryFn: ({ signal }) => getDocument(shownId, signal),
    enabled: shownId !== document.id,
  });
  const viewed = shownId === document.id ? document : (other.data ?? null);
  const [tab, setTab] = useState<"document" | "chat">(chunk === null ? "chat" : "document");
  const [highlight, setHighlight] = useState<DocumentHighlight | null>(null);
  const passage = useQuery({
    queryKey: documentKeys.passage(document.id, chunk ?? -1),
    queryFn: ({ signal }) => getPassage(document.id, chunk ?? 0, signal),
    enabled: chunk !== null,
  });
  useEffect(() => {
    if (!passage.data) return;
    const { page, start, end } = passage.data;
    setHighlight({
      ranges: [{ page, start, end }],
      quote: quote ?? null,
      label: passage.data.label,
      key: `chunk-${passage.data.ordinal}`,
    });
  }, [passage.data, quote]);

  // A scanned page has no text layer to mark: its recognised text is shown instead.
  const ocrPages = viewed?.viewer === "pdf" ? viewed.ocrPages : [];
  const [recognised, setRecognised] = useState(false);
  const ocrText = useQuery({
    queryKey: documentKeys.text(viewed?.id ?? document.id),
    queryFn: ({ signal }) => getDocumentText(viewed?.id ?? document.id, signal),
    enabled: ocrPages.length > 0,
  });
  const ocrBoxes = useMemo(
    () =>
      new Map(
        (ocrText.data?.pages ?? []).flatMap((p) => (p.boxes ? [[p.page, p.boxes] as const] : [])),
      ),
    [ocrText.data],
  );

  const session = useSession();
  const viewerBox = useRef<HTMLDivElement>(null);
  /** Selected text to the chat: through the chat's own handler when it has one (selection-chat.ts). */
  function toChat(mode: "ask" | "quote", text: string) {
    setTab("chat");
    if (requestDocumentChat({ mode, text, documentId: document.id })) return;
    if (mode === "quote") {
      requestAnimationFrame(() => fillComposer(quoteText(text)));
      return;
    }
    const entry = findDocumentChat(session.user?.id ?? "anonymous", document.id, threadId);
    const idle = entry && (entry.chat.status === "ready" || entry.chat.status === "error");
    if (entry && idle && document.status === "ready")
      void entry.chat.sendMessage({ text: askAboutText(text) });
    else requestAnimationFrame(() => fillComposer(askAboutText(text)));
  }

  function onCitation(citation: DocumentCitation) {
    // A citation of another file of the chat shows that file (a shared reply's has no file id).
    if (citation.fileId && chatFiles.some((f) => f.id === citation.fileId))
      setShownId(citation.fileId);
    setHighlight({
      ranges: citation.ranges,
      quote: citation.verified ? citation.quote : null,
      label: citation.label,
      key: `${citation.marker}-${Date.now()}`,
    });
    // A scanned page's words are marked on its image (OCR boxes): back to the pages.
    setRecognised(false);
    setTab("document");
  }

  const viewer = (
    <div ref={viewerBox} className="h-full min-h-0">
      <SelectionActions
        scope={viewerBox}
        onAsk={(text) => toChat("ask", text)}
        onQuote={(text) => toChat("quote", text)}
      />
      {viewed === null ? (
        other.isError ? (
          <p className="p-6 text-sm text-muted" role="status">
            {errorMessage(other.error)}
          </p>
        ) : (
          <Loading
            label={t("documents.opening", {
              name: chatFiles.find((f) => f.id === shownId)?.name ?? "",
            })}
          />
        )
      ) : viewed.status !== "ready" ? (
        <Loading label={t("documents.reading", { name: viewed.name })} />
      ) : viewed.viewer === "pdf" ? (
        <div key={viewed.id} className="h-full min-h-0">
          <div className={clsx("h-full min-h-0", recognised && "hidden")}>
            <PdfViewerLoader
              fallback={<Loading label={t("documents.opening", { name: viewed.name })} />}
              url={documentContentUrl(viewed.id)}
              highlight={highlight}
              title={viewed.name}
              ocrBoxes={ocrBoxes}
            />
          </div>
          {recognised ? (
            <div className="h-full min-h-0 overflow-auto" data-testid="recognised-text">
              <TextPane document={viewed} highlight={highlight} />
            </div>
          ) : null}
        </div>
      ) : (
        <TextPane key={viewed.id} document={viewed} highlight={highlight} />
      )}
    </div>
  );
  const chat = (
    <DocumentChatPanel
      // Another thread is another conversation: nothing of this one's is kept.
      key={threadId}
      document={document}
      threadId={threadId}
      onCitation={onCitation}
      {...(threadHeader ? { header: threadHeader } : {})}
    />
  );
  return (
    <div className={WORKSPACE} data-testid="document-workspace">
      <PageMeta title={`${document.name} · Nexus`} noindex />
      <WorkspaceHeader name={document.name}>
        {document.warnings.length > 0 ? (
          <span className="ml-2 truncate text-xs text-muted">{document.warnings.join(" · ")}</span>
        ) : null}
        {ocrPages.length > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0"
            aria-pressed={recognised}
            data-testid="show-recognised-text"
            onClick={() => {
              setRecognised((on) => !on);
              setTab("document");
            }}
          >
            <ScanText className="size-4" aria-hidden="true" />
            {recognised ? t("documents.showPages") : recognisedLabel(ocrPages)}
          </Button>
        ) : null}
        <span className="ml-auto" />
        <EarlierChats documentId={document.id} threadId={threadId} />
        {onNewChat ? (
          <NewChatButton
            onClick={() => onNewChat(chatFiles.filter((f) => !f.primary).map((f) => f.id))}
          />
        ) : null}
      </WorkspaceHeader>
      {chatFiles.length > 0 ? (
        <CollectionBar
          documentId={document.id}
          threadId={threadId}
          files={chatFiles}
          shownId={shownId}
          onShow={(id) => {
            if (id !== shownId) setHighlight(null);
            setShownId(id);
            setRecognised(false);
            setTab("document");
          }}
        />
      ) : null}
      {wide ? (
        <ResizableSplit left={viewer} right={chat} />
      ) : (
        <>
          <WorkspaceTabs tab={tab} onTab={setTab} />
          <div className={clsx("min-h-0 flex-1", tab === "document" ? "" : "hidden")}>{viewer}</div>
          <div className={clsx(PHONE_CHAT, tab === "chat" ? "" : "hidden")}>{chat}</div>
        </>
      )}
    </div>
  );
}

/** The workspace: a screen tall under the phone's top bar, the whole height beside the sidebar. */
export const WORKSPACE = "flex h-[calc(100dvh-3.5rem)] min-h-0 flex-col lg:h-dvh";
/** The chat's tab on a phone. */
export const PHONE_CHAT =
  "flex min-h-0 min-w-0 flex-1 flex-col overflow-x-hidden overflow-y-auto px-3";

/** The document's bar: its name, then `children` (its notes, buttons). */
export function WorkspaceHeader({ name, children }: { name: string; children: ReactNode }) {
  return (
    <header className="flex items-center gap-2 border-b border-border bg-surface px-4 py-2">
      <FileText className="size-4 shrink-0 text-muted" aria-hidden="true" />
      <h1 className="min-w-0 truncate text-sm font-semibold" title={name}>
        {name}
      </h1>
      {children}
    </header>
  );
}

export function NewChatButton({ onClick }: { onClick?: () => void }) {
  const t = useT();
  return (
    <Button
      variant="outline"
      size="sm"
      className="shrink-0"
      data-testid="document-new-chat"
      onClick={onClick}
    >
      <SquarePen className="size-4" aria-hidden="true" />
      <span className="max-sm:sr-only">{t("documents.newChat")}</span>
    </Button>
  );
}

/** On a phone: the document or the chat. */
export function WorkspaceTabs({
  tab,
  onTab,
}: {
  tab: "document" | "chat";
  onTab?: (tab: "document" | "chat") => void;
}) {
  const t = useT();
  return (
    <div
      role="tablist"
      aria-label={t("documents.tabs")}
      className="flex border-b border-border bg-surface"
    >
      {(["document", "chat"] as const).map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={tab === name}
          onClick={() => onTab?.(name)}
          className={clsx(
            "flex flex-1 items-center justify-center gap-1.5 py-2 text-sm font-medium",
            tab === name ? "border-b-2 border-accent text-fg" : "text-muted",
          )}
        >
          {name === "document" ? (
            <FileText className="size-4" aria-hidden="true" />
          ) : (
            <MessageSquare className="size-4" aria-hidden="true" />
          )}
          {name === "document" ? t("documents.tab.document") : t("documents.tab.chat")}
        </button>
      ))}
    </div>
  );
}
