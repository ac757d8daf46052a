import { useSyncExternalStore } from "react";

export type NoticeKind = "error" | "success" | "info";

export interface Notice {
  id: number;
  kind: NoticeKind;
  message: string;
}

const AUTO_DISMISS_MS = 6000;
const listeners = new Set<() => void>();
let notices: readonly Notice[] = [];
let nextId = 1;

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissNotice(id: number): void {
  notices = notices.filter((notice) => notice.id !== id);
  emit();
}

/**
 * Shows a toast in the app's notice area. Errors stay until dismissed; other kinds fade after a
 * few seconds. The same message is not stacked twice.
 */
export function notify(kind: NoticeKind, message: string): number {
  const existing = notices.find((notice) => notice.kind === kind && notice.message === message);
  if (existing) return existing.id;
  const id = nextId++;
  notices = [...notices, { id, kind, message }];
  emit();
  if (kind !== "error") setTimeout(() => dismissNotice(id), AUTO_DISMISS_MS);
  return id;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => notices;

export function useNotices(): readonly Notice[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
