import { AppError } from "../lib/errors.ts";
import { BodyError } from "./web-fetch-body.ts";

export type WebFetchReason =
  | "bad_url"
  | "bad_scheme"
  | "credentials"
  | "bad_port"
  | "blocked_address"
  | "dns"
  | "too_many_redirects"
  | "too_large"
  | "bad_encoding"
  | "timeout"
  | "aborted"
  | "http_error"
  | "network";

const MESSAGES: Record<WebFetchReason, string> = {
  bad_url: "The address is not a valid URL.",
  bad_scheme: "Only http and https addresses can be fetched.",
  credentials: "Addresses with a user name or password are not fetched.",
  bad_port: "That port is not allowed.",
  // The same words for both: a refused private address and a name that does not resolve must not
  // be told apart, or fetching would probe the internal DNS (the reason stays in the logs).
  blocked_address: "The address could not be reached.",
  dns: "The address could not be reached.",
  too_many_redirects: "The page redirected too many times.",
  too_large: "The page is too large.",
  bad_encoding: "The page could not be decoded.",
  timeout: "The page took too long to respond.",
  aborted: "The fetch was cancelled.",
  http_error: "The page answered with an error.",
  network: "The page could not be reached.",
};

const REFUSALS = new Set<WebFetchReason>([
  "bad_url",
  "bad_scheme",
  "credentials",
  "bad_port",
  "blocked_address",
]);

/** A failed fetch. `detail` (resolved addresses, upstream status) is for logs, never responses. */
export class WebFetchError extends AppError {
  /**
   * A refused address the URL itself spelled out (an IP literal or a local name such as
   * localhost): nothing was looked up, so saying it is private tells no one anything about the
   * internal DNS, and an operator can be pointed at WEB_FETCH_ALLOW_ADDRESSES.
   */
  readonly writtenPrivate: boolean;
  constructor(
    readonly reason: WebFetchReason,
    readonly detail: { url: string; why?: string; status?: number },
    options: { writtenPrivate?: boolean } = {},
  ) {
    super(REFUSALS.has(reason) ? "bad_request" : "unavailable", MESSAGES[reason]);
    this.name = "WebFetchError";
    this.writtenPrivate = reason === "blocked_address" && options.writtenPrivate === true;
  }
}

/** Any failure inside a fetch, as the WebFetchError the caller sees. */
export function asWebFetchError(options: {
  error: unknown;
  signal: AbortSignal;
  url: string;
}): WebFetchError {
  const { error, signal, url } = options;
  if (error instanceof WebFetchError) return error;
  // Once the budget or the caller has aborted, whatever broke (socket, decoder) is a consequence.
  if (signal.aborted && signal.reason instanceof WebFetchError) return signal.reason;
  if (error instanceof BodyError)
    return new WebFetchError(error.reason, { url, why: error.message });
  const code = (error as { code?: unknown } | null)?.code;
  return new WebFetchError("network", {
    url,
    why: typeof code === "string" ? code : String(error),
  });
}
