import {
  NEXDOCS_AI_LIMITS,
  type NexdocsAiAction,
  type NexdocsAiRequestInput,
} from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import type { Editor } from "@tiptap/core";
import type { Transaction } from "@tiptap/pm/state";
import { useCallback, useEffect, useRef, useState } from "react";
import { chatErrorCode } from "@/lib/chat/chat-fetch.ts";
import { usageKeys } from "@/lib/query-keys.ts";
import { streamAiEdit } from "../api/ai-edit.ts";
import {
  acceptSuggestion,
  rejectSuggestion,
  showSuggestion,
  suggestionKeys,
  suggestionOf,
} from "../editor/ai-suggestion.ts";

/** What an AI action asks besides its name: a tone, a target language. */
export type AiEditOptions = Pick<NexdocsAiRequestInput, "tone" | "language">;

export interface AiEditState {
  /** A suggestion in the text, or an explanation beside it. */
  kind: "suggestion" | "explain";
  action: NexdocsAiAction;
  status: "streaming" | "done" | "error";
  /** The text so far (an explanation's; a suggestion's is in the editor's decorations). */
  text: string;
  /** The error: the server's words, or null for "cut off" / "too long" (the screen's words). */
  error: {
    message: string | null;
    /** "edited": a retry found the text it was asked about changed (select it again). */
    reason: "server" | "cutOff" | "tooLong" | "edited";
    /** The server's code when it refused the edit ("needs_model", "quota_exceeded"…). */
    code: string | null;
  } | null;
}

interface Run {
  request: NexdocsAiRequestInput;
  /** The range it was asked about, mapped through every change of the document since. */
  from: number;
  to: number;
}

/** The request's context (the text before and after the range) as the document is now. */
function contextOf(editor: Editor, from: number, to: number) {
  const { doc } = editor.state;
  return {
    before: doc.textBetween(0, from, "\n\n", " ").slice(-NEXDOCS_AI_LIMITS.context),
    after: doc.textBetween(to, doc.content.size, "\n\n", " ").slice(0, NEXDOCS_AI_LIMITS.context),
  };
}

/**
 * One AI edit at a time on an editor: run an action on the selection (or, "continue", at the
 * cursor), its text streamed into a suggestion (or, "explain", an explanation beside the text);
 * accept, reject (which stops one still streaming), retry; Tab moves to the suggestion's buttons
 * and Escape rejects it.
 */
export function useAiEdit(editor: Editor | null, documentId: string) {
  const [state, setState] = useState<AiEditState | null>(null);
  const queryClient = useQueryClient();
  const controller = useRef<AbortController | null>(null);
  const last = useRef<Run | null>(null);
  const acceptButton = useRef<HTMLButtonElement | null>(null);
  const rejectButton = useRef<HTMLButtonElement | null>(null);
  /** Set while this hook clears its own suggestion (not a deletion of the original). */
  const clearing = useRef(false);
  const clear = useCallback(() => {
    if (!editor) return;
    clearing.current = true;
    try {
      rejectSuggestion(editor);
    } finally {
      clearing.current = false;
    }
  }, [editor]);

  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
  }, []);

  const start = useCallback(
    (run: Run) => {
      if (!editor) return;
      stop();
      const abort = new AbortController();
      controller.current = abort;
      last.current = run;
      const explain = run.request.action === "explain";
      const base = { action: run.request.action, text: "", error: null } as const;
      setState({ ...base, kind: explain ? "explain" : "suggestion", status: "streaming" });
      if (!explain)
        showSuggestion(editor, {
          set: { from: run.from, to: run.to, text: "", status: "streaming" },
        });
      const live = () => !abort.signal.aborted && controller.current === abort;
      streamAiEdit({
        documentId,
        request: run.request,
        signal: abort.signal,
        onText: (text) => {
          if (!live()) return;
          if (explain) setState((s) => s && { ...s, text });
          else showSuggestion(editor, { text });
        },
      })
        .then((text) => {
          if (!live()) return;
          controller.current = null;
          if (!explain) showSuggestion(editor, { text, status: "done" });
          setState((s) => s && { ...s, text, status: "done" });
          // The edit counted as one search: the usage shown elsewhere is read again.
          void queryClient.invalidateQueries({ queryKey: usageKeys.all });
        })
        .catch((error: unknown) => {
          if (!live()) return;
          controller.current = null;
          if (!explain) clear();
          const cutOff = error instanceof Error && error.name === "AiEditCutOff";
          const message = error instanceof Error && error.message ? error.message : null;
          setState(
            (s) =>
              s && {
                ...s,
                status: "error",
                error:
                  cutOff || !message
                    ? { message: null, reason: "cutOff", code: null }
                    : { message, reason: "server", code: chatErrorCode(error) },
              },
          );
        });
    },
    [editor, documentId, stop, clear, queryClient],
  );

  /** Runs `action` on the selection (continue: after it, at the cursor). */
  const run = useCallback(
    (action: NexdocsAiAction, options: AiEditOptions = {}) => {
      if (!editor) return;
      const { doc, selection } = editor.state;
      const from = action === "continue" ? selection.to : selection.from;
      const to = selection.to;
      const text = doc.textBetween(from, to, "\n\n", " ");
      if (text.length > NEXDOCS_AI_LIMITS.selection) {
        stop();
        clear();
        setState({
          kind: action === "explain" ? "explain" : "suggestion",
          action,
          status: "error",
          text: "",
          error: { message: null, reason: "tooLong", code: null },
        });
        return;
      }
      const request: NexdocsAiRequestInput = {
        action,
        ...options,
        selection: text,
        ...contextOf(editor, from, to),
      };
      // The selection collapses to its end: the bubble menu gives way to the suggestion.
      editor.commands.setTextSelection(to);
      start({ request, from, to });
    },
    [editor, start, stop, clear],
  );

  const close = useCallback(() => {
    stop();
    if (editor) {
      rejectSuggestion(editor);
      editor.commands.focus();
    }
    setState(null);
  }, [editor, stop]);

  const accept = useCallback(() => {
    if (editor && acceptSuggestion(editor)) setState(null);
  }, [editor]);

  /**
   * The last action again, on its text where that text is now (the document may have changed
   * around it); if the text itself was edited or deleted, a clear refusal and nothing is sent.
   */
  const retry = useCallback(() => {
    const previous = last.current;
    if (!editor || !previous) return;
    const { from, to } = previous;
    const { selection } = previous.request;
    if (editor.state.doc.textBetween(from, to, "\n\n", " ") !== selection) {
      stop();
      clear();
      setState(
        (s) =>
          s && {
            ...s,
            text: "",
            status: "error",
            error: { message: null, reason: "edited", code: null },
          },
      );
      return;
    }
    start({ request: { ...previous.request, ...contextOf(editor, from, to) }, from, to });
  }, [editor, start, stop, clear]);

  // The last action's range follows the document's changes (for its retry).
  useEffect(() => {
    if (!editor) return;
    const follow = ({ transaction }: { transaction: Transaction }) => {
      const run = last.current;
      if (!run || !transaction.docChanged) return;
      const { mapping } = transaction;
      const from = mapping.map(run.from, run.from === run.to ? -1 : 1);
      last.current = { ...run, from, to: Math.max(from, mapping.map(run.to, -1)) };
    };
    editor.on("transaction", follow);
    return () => {
      editor.off("transaction", follow);
    };
  }, [editor]);

  // Tab moves to the suggestion's buttons; Escape rejects it (stopping its stream).
  useEffect(() => {
    if (!editor) return;
    const keys = suggestionKeys(editor);
    keys.tab = () =>
      (acceptButton.current?.disabled ? rejectButton.current : acceptButton.current)?.focus();
    keys.escape = close;
    return () => {
      keys.tab = null;
      keys.escape = null;
    };
  }, [editor, close]);

  // A suggestion whose whole original was deleted is gone: so is its stream.
  useEffect(() => {
    if (!editor || state?.kind !== "suggestion" || state.status === "error") return;
    const check = () => {
      if (!clearing.current && !suggestionOf(editor)) {
        stop();
        setState(null);
      }
    };
    editor.on("transaction", check);
    return () => {
      editor.off("transaction", check);
    };
  }, [editor, state?.kind, state?.status, stop]);

  useEffect(() => stop, [stop]);

  return { state, run, accept, reject: close, retry, close, acceptButton, rejectButton };
}

export type AiEdit = ReturnType<typeof useAiEdit>;
