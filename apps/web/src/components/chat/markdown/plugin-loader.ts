import { useEffect, useSyncExternalStore } from "react";
import type { Options } from "react-markdown";
import { loadChunk } from "@/lib/chunk-loading.ts";

export type RehypePlugin = NonNullable<Options["rehypePlugins"]>[number];

export interface PluginLoader {
  /** Downloads the plugin once; a failed download is tried again by the next call. */
  load(): Promise<void>;
  /** The plugin once loaded (null before); `needed` starts the download. */
  usePlugin(needed: boolean): RehypePlugin | null;
}

/**
 * A rehype plugin in its own chunk, downloaded when the first renderer needs it; every renderer
 * waiting for it then redraws with it (math-loader.ts, highlight-loader.ts).
 */
export function pluginLoader(
  importPlugin: () => Promise<RehypePlugin>,
  options: {
    /** A server render (renderToStaticMarkup) uses it once loaded too; else never (math). */
    inServerRender?: boolean;
  } = {},
): PluginLoader {
  let loaded: RehypePlugin | null = null;
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const load = (): Promise<void> => {
    pending ??= loadChunk(importPlugin).then((plugin) => {
      loaded = plugin;
      for (const listener of listeners) listener();
    });
    pending.catch(() => {
      pending = null;
    });
    return pending;
  };
  const usePlugin = (needed: boolean): RehypePlugin | null => {
    const plugin = useSyncExternalStore(
      subscribe,
      () => loaded,
      options.inServerRender ? () => loaded : () => null,
    );
    useEffect(() => {
      if (needed && loaded === null) void load().catch(() => undefined);
    }, [needed]);
    return plugin;
  };
  return { load, usePlugin };
}
