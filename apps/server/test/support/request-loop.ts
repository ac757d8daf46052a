import type { NginxProxy } from "./nginx-proxy.ts";

export interface Outcome {
  ok: boolean;
  detail: string;
  startedAt: number;
  /** Time to the whole response (reported, never asserted). */
  ms: number;
  upstream: string;
}

export interface RequestLoop {
  outcomes: Outcome[];
  stop: () => Promise<Outcome[]>;
}

/**
 * `workers` loops of requests through nginx until stop(): GET the history (idempotent) and, with
 * `writes`, on every third turn PATCH the profile name (a write nginx must not send twice).
 */
export function requestLoop(
  proxy: NginxProxy,
  options: { workers: number; writes: boolean; cookie: string; userId: string },
): RequestLoop {
  let running = true;
  const outcomes: Outcome[] = [];
  const loop = async (worker: number) => {
    for (let n = 0; running; n++) {
      const startedAt = performance.now();
      const write = options.writes && n % 3 === 2;
      try {
        const res = write
          ? await fetch(`${proxy.origin}/api/users/${options.userId}`, {
              method: "PATCH",
              headers: { "content-type": "application/json", cookie: options.cookie },
              body: JSON.stringify({ name: `w${worker}-${n}` }),
            })
          : await fetch(`${proxy.origin}/api/history`, { headers: { cookie: options.cookie } });
        await res.arrayBuffer();
        outcomes.push({
          ok: res.status === 200,
          detail: `${write ? "PATCH" : "GET"} ${res.status}`,
          startedAt,
          ms: performance.now() - startedAt,
          upstream: res.headers.get("x-nexus-upstream") ?? "",
        });
      } catch (error) {
        outcomes.push({
          ok: false,
          detail: String(error),
          startedAt,
          ms: performance.now() - startedAt,
          upstream: "",
        });
      }
    }
  };
  const done = Promise.all(Array.from({ length: options.workers }, (_, w) => loop(w)));
  return {
    outcomes,
    stop: async () => {
      running = false;
      await done;
      return outcomes;
    },
  };
}

/** A response's `nexus_rlsn` cookie value (the read-your-writes mark), or null. */
export function rlsnOf(res: Response): string | null {
  for (const header of res.headers.getSetCookie()) {
    const match = /^nexus_rlsn=([^;]*)/.exec(header);
    if (match) return decodeURIComponent(match[1] ?? "");
  }
  return null;
}

/** The p-th percentile (nearest rank) of the outcomes' times, ms rounded. */
export function percentileMs(outcomes: readonly Outcome[], p: number): number {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return Math.round(sorted[rank - 1] ?? 0);
}
