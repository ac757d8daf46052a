import dns from "node:dns";

/** Every address a host name resolves to (A and AAAA). Throws when there are none. */
export type ResolveHost = (options: { hostname: string; signal: AbortSignal }) => Promise<string[]>;

const EMPTY_ANSWER = new Set(["ENODATA", "ENOTFOUND", "NOTFOUND", "NODATA"]);

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

/** Rejects as soon as the signal aborts, so a hung resolver never outlives the time budget. */
function raceAbort<T>(options: {
  promise: Promise<T>;
  signal: AbortSignal;
  onAbort?: () => void;
}): Promise<T> {
  const { promise, signal, onAbort } = options;
  if (signal.aborted) {
    onAbort?.();
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort?.();
      reject(signal.reason);
    };
    signal.addEventListener("abort", abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(error);
      },
    );
  });
}

/** The operating system's resolver (getaddrinfo: /etc/hosts, then DNS), all addresses. */
export function createSystemResolver(): ResolveHost {
  return async ({ hostname, signal }) => {
    const answers = await raceAbort({
      promise: dns.promises.lookup(hostname, { all: true, verbatim: true }),
      signal,
    });
    return answers.map((answer) => answer.address);
  };
}

/**
 * Asks the given DNS servers directly ("127.0.0.1:5353", "[::1]:53", "9.9.9.9") for A and AAAA
 * records, bypassing /etc/hosts. A fresh c-ares channel per lookup so an abort cancels only it.
 */
export function createServerResolver(options: {
  servers: string[];
  queryTimeoutMs?: number;
}): ResolveHost {
  const { servers, queryTimeoutMs = 2000 } = options;
  if (servers.length === 0) throw new Error("createServerResolver needs at least one server");
  new dns.promises.Resolver().setServers(servers); // throws now on a malformed address
  return async ({ hostname, signal }) => {
    const resolver = new dns.promises.Resolver({ timeout: queryTimeoutMs, tries: 1 });
    resolver.setServers(servers);
    const settled = await raceAbort({
      promise: Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]),
      signal,
      onAbort: () => resolver.cancel(),
    });
    const addresses: string[] = [];
    for (const result of settled) {
      if (result.status === "fulfilled") addresses.push(...result.value);
      else if (!EMPTY_ANSWER.has(errorCode(result.reason))) throw result.reason;
    }
    return addresses;
  };
}
