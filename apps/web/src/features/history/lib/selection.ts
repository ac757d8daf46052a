import { THREADS_DELETE_MAX } from "@nexus/contracts";

/**
 * History's selection of threads to delete: ids in the order they were picked, at most
 * THREADS_DELETE_MAX (what one delete takes), only threads still listed.
 */
export type Selection = readonly string[];

/** Adds or removes one thread; adding beyond the limit changes nothing. */
export function toggle(selection: Selection, threadId: string): Selection {
  if (selection.includes(threadId)) return selection.filter((id) => id !== threadId);
  return selection.length >= THREADS_DELETE_MAX ? selection : [...selection, threadId];
}

/** Every listed thread (up to the limit, in list order), or none when all of those are picked. */
export function toggleAll(selection: Selection, listed: readonly string[]): Selection {
  const wanted = listed.slice(0, THREADS_DELETE_MAX);
  const all = wanted.length > 0 && wanted.every((id) => selection.includes(id));
  return all ? [] : wanted;
}

/** The selection without threads no longer listed (deleted elsewhere, filtered out). */
export function keepListed(selection: Selection, listed: readonly string[]): Selection {
  const present = new Set(listed);
  const kept = selection.filter((id) => present.has(id));
  return kept.length === selection.length ? selection : kept;
}

/** The state of the "select all" box: none, some (mixed) or all of the listed threads picked. */
export function allState(selection: Selection, listed: readonly string[]): boolean | "mixed" {
  const wanted = listed.slice(0, THREADS_DELETE_MAX);
  const picked = wanted.filter((id) => selection.includes(id)).length;
  if (picked === 0) return false;
  return picked === wanted.length ? true : "mixed";
}

/** Whether another thread can be picked. */
export const isFull = (selection: Selection) => selection.length >= THREADS_DELETE_MAX;
