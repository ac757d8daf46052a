import type { FocusMode } from "@nexus/contracts";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import {
  attachedFocusReason,
  type NewThreadState,
} from "@/components/chat/attach/attach-client.ts";
import { useComposerAttachments } from "@/components/chat/attach/use-composer-attachments.tsx";
import { SearchForm } from "@/components/ui/search-form.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { isFocusSearchState } from "../hooks/use-new-thread-shortcut.ts";
import { useSlashFocus } from "../hooks/use-slash-focus.ts";
import { ComposerHintSlot } from "./composer-hint-slot.tsx";
import { ExampleQuestions } from "./example-questions.tsx";
import { FocusChip } from "./focus-chip.tsx";
import { ReasoningChip } from "./reasoning-chip.tsx";

/**
 * The home screen's question box, with the focus mode and the reasoning switch as chips under it,
 * then suggestions (a slot: the app layer may fill it, e.g. from the discover feed; by default the
 * questions the built-in knowledge base answers). Asking opens a new thread on the answer page
 * ("/" focuses the box, Ctrl+K comes back here). Files attached to the question (when the app
 * layer offers attaching) make it a Local question about them, sent once they are ready.
 */
export function HomeSearch({
  suggestions,
}: {
  suggestions?: (ask: (question: string) => void) => ReactNode;
} = {}) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [focusMode, setFocusMode] = useState<FocusMode>("web");
  const [reasoning, setReasoning] = useState(false);
  useSlashFocus(inputRef);
  const { attachments, formProps: attachProps } = useComposerAttachments(inputRef);
  // One file dropped (or pasted) on the empty box: uploaded (its chip shows the progress) and,
  // once read, opened in its document chat. More files, or files added to a question, stay
  // attachments to ask about.
  const [openWhenReady, setOpenWhenReady] = useState(false);
  const { onFiles } = attachProps;
  const formProps = onFiles
    ? {
        ...attachProps,
        onFiles: (files: File[]) => {
          setOpenWhenReady(files.length === 1 && attachments.items.length === 0);
          onFiles(files);
        },
      }
    : attachProps;
  const single = attachments.items.length === 1 ? attachments.items[0] : undefined;
  const opening = openWhenReady && single !== undefined && single.phase !== "failed";
  useEffect(() => {
    if (!openWhenReady) return;
    if (!single || single.phase === "failed") {
      if (attachments.items.length !== 1) setOpenWhenReady(false);
      return;
    }
    if (single.phase === "ready" && single.fileId) {
      setOpenWhenReady(false);
      void navigate(paths.app.documentChat.href(single.fileId));
    }
  }, [openWhenReady, single, attachments.items.length, navigate]);
  const focus = attachments.active ? "local" : focusMode;

  const focusRequest = isFocusSearchState(location.state) ? location.state.focusSearch : null;
  useEffect(() => {
    if (focusRequest !== null) inputRef.current?.focus();
  }, [focusRequest]);

  const ask = (query: string) => {
    const state: NewThreadState = { attachments: attachments.attached };
    void navigate(paths.app.search.href(query, { focus, reasoning }), { state });
  };

  return (
    <div className="flex w-full flex-col gap-8">
      <div className="flex flex-col gap-2">
        <SearchForm autoFocus inputRef={inputRef} onSubmit={ask} {...formProps} />
        <div className="flex flex-wrap items-center gap-2 px-1">
          <FocusChip
            value={focus}
            onChange={setFocusMode}
            lockedReason={attachments.active ? attachedFocusReason() : null}
          />
          <ReasoningChip checked={reasoning} onChange={setReasoning} />
          {opening ? (
            <span className="text-xs text-muted" data-testid="home-opening-document">
              {t("home.opening", { name: single.name })}
            </span>
          ) : attachments.active ? (
            <span className="text-xs text-muted">{attachedFocusReason()}</span>
          ) : null}
          <span className="ml-auto flex items-center gap-3 text-xs">
            <ComposerHintSlot
              busy={false}
              attaching={attachments.active}
              uploading={attachments.waiting}
            />
          </span>
        </div>
      </div>
      {suggestions ? suggestions(ask) : <ExampleQuestions onAsk={ask} />}
    </div>
  );
}
