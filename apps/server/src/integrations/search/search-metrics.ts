import { type Metrics, secondsSince } from "../../lib/metrics.ts";
import type { SearchProvider } from "./types.ts";

/** The search provider with each call's time and failures measured (lib/metrics.ts). */
export function withSearchMetrics(search: SearchProvider, metrics: Metrics): SearchProvider {
  return {
    name: search.name,
    async search(options) {
      const start = performance.now();
      try {
        const response = await search.search(options);
        metrics.record({
          type: "search",
          provider: search.name,
          seconds: secondsSince(start),
          ok: true,
        });
        return response;
      } catch (error) {
        // A search the caller cancelled is not the provider's failure.
        if (!options.signal?.aborted)
          metrics.record({ type: "search", provider: search.name, seconds: 0, ok: false });
        throw error;
      }
    },
  };
}
