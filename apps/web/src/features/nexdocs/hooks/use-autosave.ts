import type { NexdocsDocument, NexdocsNode } from "@nexus/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api-client.ts";
import { saveDocument } from "../api/save-document.ts";
import { readWhenIdle } from "../lib/when-idle.ts";

export const AUTOSAVE_DELAY_MS = 800;
const RETRY_MS = 5_000;
/** A save serialises the document when the page is idle, or after this long at the latest. */
const SERIALISE_WITHIN_MS = 500;

export type SaveStatus = "saved" | "unsaved" | "saving" | "conflict" | "error";

interface Draft {
  title: string;
  /**
   * The content, or how to serialise it when it is saved (the editor's document as it was at the
   * change, serialised once per save when the page is idle: never inside a keystroke's handler).
   */
  content: NexdocsNode | (() => NexdocsNode);
}

export interface Conflict {
  /** The document as someone else saved it. */
  theirs: NexdocsDocument;
  message: string;
}

/**
 * Autosave with a revision number: changes are saved AUTOSAVE_DELAY_MS after the last one, one
 * save at a time, each naming the revision it builds on. A 409 (another tab saved first) stops
 * saving and keeps this tab's draft: the person reloads theirs or keeps theirs as a new version on
 * top of it — either way nothing is lost (the other version stays in the history). A failed save
 * is retried; leaving the page with unsaved changes asks first.
 */
export function useAutosave(document: NexdocsDocument) {
  const id = document.id;
  const revision = useRef(document.revision);
  const pending = useRef<Draft | null>(null);
  const latest = useRef<Draft>({ title: document.title, content: document.content });
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const conflictRef = useRef<Conflict | null>(null);
  const [status, setStatusState] = useState<SaveStatus>("saved");
  // The status as last set: a keystroke that leaves it "unsaved" sets nothing, so the screen
  // around the editor is not rendered again for it.
  const statusRef = useRef<SaveStatus>("saved");
  const setStatus = useCallback((next: SaveStatus) => {
    if (statusRef.current === next) return;
    statusRef.current = next;
    setStatusState(next);
  }, []);
  const [shownRevision, setShownRevision] = useState(document.revision);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback((): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) return inFlight.current;
    const draft = pending.current;
    if (!draft || conflictRef.current) return Promise.resolve();
    pending.current = null;
    setStatus("saving");
    const saving = (async () => {
      try {
        const content =
          typeof draft.content === "function"
            ? await readWhenIdle(draft.content, SERIALISE_WITHIN_MS)
            : draft.content;
        const result = await saveDocument(id, {
          baseRevision: revision.current,
          title: draft.title,
          content,
        });
        if (result.kind === "conflict") {
          pending.current ??= draft;
          conflictRef.current = { theirs: result.current, message: result.message };
          setConflict(conflictRef.current);
          setStatus("conflict");
          return;
        }
        revision.current = result.document.revision;
        setShownRevision(result.document.revision);
        setError(null);
        setStatus(pending.current ? "unsaved" : "saved");
      } catch (cause) {
        pending.current ??= draft;
        setError(errorMessage(cause));
        setStatus("error");
        timer.current = setTimeout(() => void run(), RETRY_MS);
      } finally {
        inFlight.current = null;
      }
      if (pending.current && !conflictRef.current && !timer.current) await run();
    })();
    inFlight.current = saving;
    return saving;
  }, [id, setStatus]);

  /** A change: saved after the delay (or right after the save in flight). */
  const change = useCallback(
    (draft: Partial<Draft>) => {
      latest.current = { ...latest.current, ...draft };
      pending.current = latest.current;
      if (conflictRef.current) return;
      setStatus("unsaved");
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    },
    [run, setStatus],
  );

  /** Saves what is pending now (before a restore, an export or leaving). */
  const flush = useCallback(async () => {
    if (inFlight.current) await inFlight.current;
    if (pending.current) await run();
  }, [run]);

  /** A document the screen put in place (their version, a restored one): nothing to save. */
  const replaced = useCallback(
    (doc: NexdocsDocument) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = null;
      latest.current = { title: doc.title, content: doc.content };
      revision.current = doc.revision;
      conflictRef.current = null;
      setConflict(null);
      setShownRevision(doc.revision);
      setStatus("saved");
    },
    [setStatus],
  );

  /** "Keep mine": this tab's draft saved as a new version on top of theirs. */
  const keepMine = useCallback(async () => {
    const current = conflictRef.current;
    if (!current) return;
    revision.current = current.theirs.revision;
    conflictRef.current = null;
    setConflict(null);
    pending.current = latest.current;
    await run();
  }, [run]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (pending.current || inFlight.current) event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => {
      window.removeEventListener("beforeunload", warn);
      // Leaving the screen inside the delay: the last change is still saved.
      if (pending.current && !conflictRef.current) void run();
    };
  }, [run]);

  return {
    status,
    revision: shownRevision,
    currentRevision: () => revision.current,
    conflict,
    error,
    change,
    flush,
    replaced,
    keepMine,
  };
}
