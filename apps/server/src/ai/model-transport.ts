import http from "node:http";
import https from "node:https";
import { DeltaMerger, isEventStream } from "./model-stream-merge.ts";

/**
 * The transport under model-fetch.ts: `fetch`'s interface over node:http, for the model calls
 * (the AI SDK sends each as a POST of a JSON string). A streamed completion is read from the
 * socket's `data` events straight into the delta merger (model-stream-merge.ts), so a token costs
 * a socket read and a JSON parse; the web stream the SDK reads carries only what the merger lets
 * through. Through undici's fetch every token also crossed its body stream and a reader. Anything
 * else this does not speak (another body type, a Request, another scheme, a redirect to follow)
 * goes to global fetch.
 *
 * Connections are kept alive (as undici does). Responses are not decompressed, so none is asked
 * for: no Accept-Encoding is sent unless the caller sets one (then global fetch takes the call).
 */

const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

const encoder = new TextEncoder();
/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** Bytes queued for the reader beyond which the socket is paused until it reads. */
const HIGH_WATER = 64 * 1024;

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

function responseHeaders(message: http.IncomingMessage): Headers {
  const headers = new Headers();
  const raw = message.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2)
    headers.append(raw[i] as string, raw[i + 1] as string);
  return headers;
}

/** The response body as a web stream; a server-sent-events body merged when `mergeMs` > 0. */
function bodyOf(
  message: http.IncomingMessage,
  options: { merge: boolean; mergeMs: number; signal: AbortSignal | undefined },
): ReadableStream<Uint8Array> {
  let merger: DeltaMerger | null = null;
  let settled = false;
  /** A failure waiting for the reader to take the deltas that were held when it came. */
  let failure: { error: unknown } | null = null;
  let onAbort: (() => void) | null = null;
  const cleanUp = () => {
    settled = true;
    if (onAbort) options.signal?.removeEventListener("abort", onAbort);
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const enqueue = (chunk: Uint8Array) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 1) <= 0) message.pause();
        };
        const fail = (error: unknown) => {
          if (settled) return;
          const sent = merger?.finish({ failed: true }) ?? false;
          cleanUp();
          message.destroy();
          if (sent && controller.desiredSize !== HIGH_WATER) failure = { error };
          else controller.error(error);
        };
        if (options.merge) {
          merger = new DeltaMerger((text) => enqueue(encoder.encode(text)), options.mergeMs);
          message.setEncoding("utf8");
          message.on("data", (text: string) => merger?.push(text));
        } else message.on("data", (chunk: Buffer) => enqueue(new Uint8Array(chunk)));
        message.on("end", () => {
          if (settled) return;
          merger?.finish();
          cleanUp();
          controller.close();
        });
        message.on("error", fail);
        // A socket closed before the end of the body is an error, whatever Node calls it.
        message.on("close", () => {
          if (!message.complete) fail(new Error("The model server closed the stream early"));
        });
        const signal = options.signal;
        if (signal) {
          onAbort = () => fail(abortReason(signal));
          if (signal.aborted) onAbort();
          else signal.addEventListener("abort", onAbort, { once: true });
        }
      },
      pull(controller) {
        if (failure) {
          if (controller.desiredSize === HIGH_WATER) controller.error(failure.error);
          return;
        }
        if (message.isPaused()) message.resume();
      },
      cancel() {
        merger?.stop();
        cleanUp();
        message.destroy();
      },
    },
    { highWaterMark: HIGH_WATER, size: (chunk) => chunk.byteLength },
  );
}

function headerRecord(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/**
 * A `fetch` for model calls (see above). `mergeMs` > 0 merges the text deltas of streamed
 * completions (model-stream-merge.ts).
 */
export function createModelTransport(options: { mergeMs: number }): typeof globalThis.fetch {
  const transport = (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === "string" ? new URL(input) : input instanceof URL ? input : null;
    const body = init?.body;
    const headers = headerRecord(init);
    if (
      url === null ||
      (url.protocol !== "http:" && url.protocol !== "https:") ||
      (body != null && typeof body !== "string") ||
      headers["accept-encoding"] !== undefined
    )
      return globalThis.fetch(input, init);
    const signal = init?.signal ?? undefined;
    return new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) return reject(abortReason(signal));
      if (body != null) headers["content-length"] = String(Buffer.byteLength(body));
      const request = (url.protocol === "https:" ? https : http).request(url, {
        method: init?.method ?? "GET",
        headers,
        agent: agents[url.protocol as "http:" | "https:"],
      });
      const onAbort = () => {
        const reason = signal ? abortReason(signal) : undefined;
        request.destroy(reason instanceof Error ? reason : undefined);
        reject(reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      request.on("error", (error) => {
        signal?.removeEventListener("abort", onAbort);
        reject(error);
      });
      request.on("response", (message) => {
        signal?.removeEventListener("abort", onAbort);
        const status = message.statusCode ?? 0;
        if (status >= 300 && status < 400 && message.headers.location) {
          // A redirect (a base URL missing its path, say): fetch follows it as it always did.
          message.resume();
          resolve(globalThis.fetch(input, init));
          return;
        }
        const responseHeadersOf = responseHeaders(message);
        const merge =
          options.mergeMs > 0 && status >= 200 && status < 300 && isEventStream(responseHeadersOf);
        if (NULL_BODY.has(status)) message.resume();
        resolve(
          new Response(
            NULL_BODY.has(status)
              ? null
              : bodyOf(message, { merge, mergeMs: options.mergeMs, signal }),
            { status, statusText: message.statusMessage ?? "", headers: responseHeadersOf },
          ),
        );
      });
      request.end(body ?? undefined);
    });
  };
  return transport as typeof globalThis.fetch;
}
