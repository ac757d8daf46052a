import { type ComponentType, lazy } from "react";
import { loadChunk } from "./chunk-loading.ts";

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Downloads the code now; once it is in, the component renders without suspending. */
  preload: () => Promise<void>;
};

/** A component whose code is downloaded on first render, failing after 120 s (spec §9). */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    pending ??= loadChunk(load).then((Loaded) => {
      loaded = { default: Loaded };
      return loaded;
    });
    // A failed download is tried again on the next render (the retry view reloads anyway).
    pending.catch(() => {
      pending = null;
    });
    return pending;
  };
  const Lazy = lazy(() => {
    const ready = loaded;
    if (ready === null) return start();
    // Already downloaded (preloaded before hydration): a thenable that resolves synchronously, so
    // React renders the component at once instead of suspending. Hydration relies on this: a
    // boundary that suspends while the session loads would be re-rendered on the client.
    const now: PromiseLike<{ default: ComponentType<P> }> = {
      // biome-ignore lint/suspicious/noThenProperty: a synchronous thenable for React.lazy
      then: (resolve) => Promise.resolve(resolve ? resolve(ready) : ready) as never,
    };
    return now as Promise<{ default: ComponentType<P> }>;
  });
  return Object.assign(Lazy, { preload: () => start().then(() => undefined) });
}
