import { useDeferredValue, useEffect } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { attachmentsOfState } from "@/components/chat/attach/attach-client.ts";
import {
  type ThreadLoadProblem,
  ThreadLoadState,
} from "@/components/chat/thread/thread-load-state.tsx";
import { paths, threadIdFromQueryAndId } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { useChatOwner, useThreadChat } from "../hooks/use-thread-chat.ts";
import { startThread, type ThreadSettings } from "../lib/chat-store.ts";
import { parseFocusMode } from "../lib/focus-modes.ts";
import { createThreadId } from "../lib/thread-id.ts";
import { AnswerThread } from "./answer-thread.tsx";
import { HomeSearch } from "./home-search.tsx";
import { ThreadSkeleton } from "./thread-states.tsx";

/** History entries whose ?q= question was already sent (StrictMode runs effects twice). */
const startedLocations = new Set<string>();

/**
 * /app/search?q=…: starts a new thread (with the files the home composer attached, from the
 * router state), then moves to its own URL (replacing this one).
 */
function NewThread({ query, settings }: { query: string; settings: ThreadSettings }) {
  const owner = useChatOwner();
  const navigate = useNavigate();
  const location = useLocation();
  const { focusMode, reasoning } = settings;

  useEffect(() => {
    if (owner === null || startedLocations.has(location.key)) return;
    startedLocations.add(location.key);
    const threadId = createThreadId();
    const attachments = attachmentsOfState(location.state);
    startThread({ threadId, owner, query, attachments, settings: { focusMode, reasoning } });
    void navigate(paths.app.searchResult.hrefFor(query, threadId), { replace: true });
  }, [owner, location.key, location.state, query, focusMode, reasoning, navigate]);

  return <ThreadSkeleton query={query} />;
}

/** /app/search (or /app/answer) without a question: the question box, as on the home screen. */
function NewSearch() {
  const t = useT();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12 sm:px-6">
      <title>{`${t("common.search")} · Nexus`}</title>
      <h1 className="text-center text-3xl font-semibold tracking-tight text-balance">
        {t("home.greeting")}
      </h1>
      <HomeSearch />
    </div>
  );
}

/** The one not-found and error state of every thread, on the answer page's column. */
function AnswerLoadState({ state, anonymous }: { state: ThreadLoadProblem; anonymous: boolean }) {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16 sm:px-6">
      <ThreadLoadState
        state={state}
        newHref={paths.app.root.href()}
        newLabel={t("answer.startNew")}
        anonymous={anonymous}
      />
    </div>
  );
}

function ExistingThread({ threadId, onSignIn }: { threadId: string; onSignIn?: () => void }) {
  const state = useThreadChat(threadId);
  const owner = useChatOwner();
  // A thread loaded from the server arrives as a query result, whose render React does at once (a
  // store update): the thread, the page's biggest render, would block the page for its whole
  // length. Deferred, the skeleton stays for that render and the thread is drawn in a transition,
  // in slices between which the browser can paint and handle input.
  const thread = useDeferredValue(state.kind === "ready" ? state.thread : null);
  switch (state.kind) {
    case "loading":
      return <ThreadSkeleton />;
    case "unavailable":
    case "failed":
      return (
        <AnswerLoadState
          state={
            state.kind === "failed"
              ? { state: "failed", error: state.error, retry: state.retry }
              : { state: "missing" }
          }
          anonymous={owner !== null && owner === "anonymous"}
        />
      );
    case "ready":
      return thread?.threadId === threadId ? (
        <AnswerThread key={threadId} thread={thread} onSignIn={onSignIn} />
      ) : (
        <ThreadSkeleton />
      );
  }
}

/**
 * The answer page: /app/search?q=… (and /app/answer?q=…) start a thread, /app/search/<slug>-<id>
 * shows one (live, or restored from the server or this tab).
 */
export function AnswerPage({ onSignIn }: { onSignIn?: () => void }) {
  const [searchParams] = useSearchParams();
  const { queryAndId } = useParams();
  const query = searchParams.get("q")?.trim() ?? "";

  if (query !== "") {
    const settings: ThreadSettings = {
      focusMode: parseFocusMode(searchParams.get("focus")),
      reasoning: ["1", "true"].includes(searchParams.get("reasoning") ?? ""),
    };
    return <NewThread query={query} settings={settings} />;
  }
  if (queryAndId === undefined) return <NewSearch />;
  const threadId = threadIdFromQueryAndId(queryAndId);
  if (threadId === null) return <AnswerLoadState state={{ state: "missing" }} anonymous={false} />;
  return <ExistingThread threadId={threadId} onSignIn={onSignIn} />;
}
