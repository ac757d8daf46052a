import { type ComponentType, lazy } from "react";
import { loadChunk } from "./chunk-loading.ts";

/** A component whose code is downloaded on first render, failing after 120 s (spec §9). */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return lazy(() => loadChunk(load).then((Loaded) => ({ default: Loaded })));
}
