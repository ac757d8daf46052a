import { Component, type ReactNode } from "react";
import { isChunkLoadError } from "@/lib/chunk-loading.ts";
import { ChunkErrorView } from "./chunk-error-view.tsx";

interface State {
  error: unknown;
}

/**
 * Catches a page chunk that failed to load or timed out and shows the retry view in place. Retry
 * reloads the page: a browser may keep a failed module import cached, and a stalled download is
 * best restarted. Any other error is rethrown to the route's error element.
 */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return <ChunkErrorView timedOut={error.timedOut} onRetry={() => window.location.reload()} />;
  }
}
