import type { DocumentInfo } from "@nexus/contracts";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { LoadError } from "@/components/ui/load-error.tsx";
import { ProgressBar } from "@/components/ui/progress-bar.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { ApiError } from "@/lib/api-client.ts";
import { threadQueryOptions } from "@/lib/chat/thread-query.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { addCollectionFiles, collectionKeys } from "../api/collections.ts";
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
 * A chat that has just been given its id has no turn and no file but its document: its thread and
 * its files are known without asking, so its screen draws its starters at once (a new chat's first
 * view, drawn by the server, is replaced by the same screen, not by a spinner).
 */
function seedNewThread(queryClient: QueryClient, doc: DocumentInfo, threadId: string) {
  const expected = { kind: "document", subject: doc.id };
  queryClient.setQueryData(threadQueryOptions(threadId, expected).queryKey, {
    threadId,
    kind: "document",
    subject: { id: doc.id, name: doc.name },
    messages: [],
    entries: [],
  });
  queryClient.setQueryData(collectionKeys.files(doc.id, threadId), {
    threadId,
    files: [{ id: doc.id, name: doc.name, kind: doc.kind, status: doc.status, primary: true }],
  });
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
  const { documentId = "", threadId: shownThread } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Without a thread: a new one (each visit its own), drawn at once while the address moves on.
  const location = useLocation();
  const [fresh, setFresh] = useState(() => ({ at: location.key, id: newThreadId() }));
  if (shownThread === undefined && fresh.at !== location.key)
    setFresh({ at: location.key, id: newThreadId() });
  const threadId = shownThread ?? fresh.id;
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
  const doc = info.data;
  const threadHref = (thread: string) =>
    doc?.viewer === "pdf"
      ? paths.app.pdfChat.href(documentId, thread)
      : paths.app.documentChat.href(documentId, thread);
  const moveOn = shownThread === undefined && doc !== undefined ? threadHref(threadId) : null;
  useEffect(() => {
    if (moveOn === null) return;
    // The cited passage (chunk) and its page travel on to the thread's URL.
    const query = search.size > 0 ? `?${search.toString()}` : "";
    void navigate(`${moveOn}${query}`, { replace: true });
  }, [moveOn, search, navigate]);

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
  const ready = info.data;
  if (
    shownThread === undefined &&
    ready.status === "ready" &&
    queryClient.getQueryData(collectionKeys.files(ready.id, threadId)) === undefined
  )
    seedNewThread(queryClient, ready, threadId);
  // A new chat over the same files: those added to this one are added to it first.
  const newChat = (added: string[] = []) => {
    const next = newThreadId();
    const open = () => void navigate(threadHref(next));
    if (added.length === 0) {
      seedNewThread(queryClient, ready, next);
      open();
    } else void addCollectionFiles(ready.id, next, added).then(open, open);
  };
  if (ready.status !== "ready")
    return (
      <div className="mx-auto max-w-md p-10 text-center" role="status">
        <p className="font-medium">{t("documents.reading", { name: ready.name })}</p>
        <p className="mt-1 text-sm text-muted">
          {ready.status === "indexing"
            ? t("documents.route.opensIndexing")
            : t("documents.route.opensReading")}
        </p>
        <ProgressBar
          className="mt-4"
          max={100}
          label={t("documents.route.progress")}
          value={ready.status === "indexing" ? 80 : ready.status === "parsing" ? 40 : 10}
        />
      </div>
    );
  return (
    <DocumentWorkspace
      document={ready}
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
