import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { LoadError } from "@/components/ui/load-error.tsx";
import { ProgressBar } from "@/components/ui/progress-bar.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { addCollectionFiles } from "../api/collections.ts";
import { arrivedDocument, documentKeys, getDocument } from "../api/documents.ts";
import type { DocumentThreadContext } from "./document-chat-panel.tsx";
import { DocumentWorkspace } from "./document-workspace.tsx";

/** What the app layer's bar of a document thread is given (its Delete moves to a new thread). */
export interface DocumentThreadHeaderContext extends DocumentThreadContext {
  onDeleted: () => void;
}

/** A new thread's id (the server keeps it when the first question is saved). */
function newThreadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(
    bytes,
    (b) => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[b % 62],
  ).join("");
}

/**
 * /app/pdf-chat/:documentId/:threadId and /app/document-chat/:documentId(/:threadId): the caller's
 * document beside its chat. Without a thread, a new one (a PDF moves to its pdf-chat URL); a
 * document that is not theirs or failed → not found; one still being read → its progress.
 */
export function DocumentChatScreen({
  notFound,
  threadHeader,
}: {
  notFound: ReactNode;
  /** The bar of a thread with a reply: its title, Rename, Share thread, Delete (the app layer's). */
  threadHeader?: (thread: DocumentThreadHeaderContext) => ReactNode;
}) {
  const t = useT();
  const { documentId = "", threadId } = useParams();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const info = useQuery({
    queryKey: documentKeys.info(documentId),
    queryFn: ({ signal }) => getDocument(documentId, signal),
    initialData: () => arrivedDocument(documentId),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== "ready" ? 1500 : false,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const chunkParam = search.get("chunk");
  const chunk = chunkParam !== null && /^\d+$/.test(chunkParam) ? Number(chunkParam) : null;
  useEffect(() => {
    if (info.data) document.title = `${info.data.name} · Nexus`;
  }, [info.data]);

  if (info.isPending) return <PageSpinner />;
  if (info.isError) {
    if (info.error instanceof ApiError && info.error.status === 404) return notFound;
    return (
      <LoadError
        what={t("documents.loadThisDocument")}
        error={info.error}
        onRetry={() => void info.refetch()}
      />
    );
  }
  const doc = info.data;
  const threadHref = (thread: string) =>
    doc.viewer === "pdf"
      ? paths.app.pdfChat.href(doc.id, thread)
      : paths.app.documentChat.href(doc.id, thread);
  if (!threadId) {
    // The cited passage (chunk) and its page travel on to the thread's URL.
    const query = search.size > 0 ? `?${search.toString()}` : "";
    return <Navigate to={`${threadHref(newThreadId())}${query}`} replace />;
  }
  // A new chat over the same files: those added to this one are added to it first.
  const newChat = (added: string[] = []) => {
    const next = newThreadId();
    const open = () => void navigate(threadHref(next));
    if (added.length === 0) open();
    else void addCollectionFiles(doc.id, next, added).then(open, open);
  };
  if (doc.status !== "ready")
    return (
      <div className="mx-auto max-w-md p-10 text-center" role="status">
        <p className="font-medium">{t("documents.reading", { name: doc.name })}</p>
        <p className="mt-1 text-sm text-muted">
          {doc.status === "indexing"
            ? t("documents.route.opensIndexing")
            : t("documents.route.opensReading")}
        </p>
        <ProgressBar
          className="mt-4"
          max={100}
          label={t("documents.route.progress")}
          value={doc.status === "indexing" ? 80 : doc.status === "parsing" ? 40 : 10}
        />
      </div>
    );
  return (
    <DocumentWorkspace
      document={doc}
      threadId={threadId}
      chunk={chunk}
      quote={chunk === null ? null : (search.get("quote")?.slice(0, 500) ?? null)}
      threadHeader={
        threadHeader && ((thread) => threadHeader({ ...thread, onDeleted: () => newChat() }))
      }
      onNewChat={newChat}
    />
  );
}
