import { useEffect, useSyncExternalStore } from "react";
import type { Options } from "react-markdown";
import { loadChunk } from "@/lib/chunk-loading.ts";

type RehypePlugin = NonNullable<Options["rehypePlugins"]>[number];

let loaded: RehypePlugin | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Downloads KaTeX (about 75 KB gzip, most answers have no math) once; every renderer waiting for
 * it then draws its math. A failed download is tried again by the next renderer that needs it.
 */
export function loadMath(): Promise<void> {
  pending ??= loadChunk(() => import("./katex-plugin.ts").then((m) => m.katexPlugin)).then(
    (plugin) => {
      loaded = plugin;
      for (const listener of listeners) listener();
    },
  );
  pending.catch(() => {
    pending = null;
  });
  return pending;
}

/** Math is written between dollars (remark-math); text without one has none. */
export function mightHaveMath(markdown: string): boolean {
  return markdown.includes("$");
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The math plugin once loaded (null before: math shows as its TeX source meanwhile). `needed`
 * starts the download.
 */
export function useMathPlugin(needed: boolean): RehypePlugin | null {
  const plugin = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  useEffect(() => {
    if (needed && loaded === null) void loadMath().catch(() => undefined);
  }, [needed]);
  return plugin;
}
