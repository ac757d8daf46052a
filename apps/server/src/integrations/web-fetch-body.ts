import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import zlib from "node:zlib";

export type BodyFailure = "too_large" | "bad_encoding";

/** Thrown by readBody; web-fetch.ts turns it into a WebFetchError. */
export class BodyError extends Error {
  constructor(
    readonly reason: BodyFailure,
    message: string,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

export interface ReadBody {
  body: Buffer;
  truncated: boolean;
}

function decoderFor(encoding: string): zlib.Gunzip | zlib.BrotliDecompress | zlib.Unzip | null {
  // Tolerate bodies cut short by the server: flush what decoded so far instead of failing.
  const flush = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  switch (encoding) {
    case "":
    case "identity":
      return null;
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip(flush);
    case "deflate": // zlib-wrapped deflate (RFC 9110); Unzip also accepts a mislabelled gzip body
      return zlib.createUnzip(flush);
    case "br":
      return zlib.createBrotliDecompress({
        finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
      });
    default:
      throw new BodyError("bad_encoding", `unsupported content-encoding "${encoding}"`);
  }
}

/** zlib reports Z_DATA_ERROR and friends; brotli ERR__ERROR_FORMAT_… codes. */
function isDecoderError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("Z_") || code.startsWith("ERR__ERROR"));
}

/**
 * Reads at most maxBytes of the (decoded) body. Plain bodies longer than that are cut at the
 * cap and marked truncated. A compressed body that decodes past the cap is refused ("too_large"):
 * decompression stops at the cap, so a gzip or brotli bomb never costs more than maxBytes of
 * memory, and its prefix of zeros is not worth returning. Stops reading from the socket as soon
 * as the cap is reached.
 */
export async function readBody(options: {
  response: IncomingMessage;
  maxBytes: number;
}): Promise<ReadBody> {
  const { response, maxBytes } = options;
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder = decoderFor(encoding);
  let source: Readable = response;
  if (decoder) {
    // pipeline forwards socket errors and aborts into the decoder, so iteration below throws.
    source = pipeline(response, decoder, () => undefined);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      if (size + buffer.length > maxBytes) {
        if (decoder) {
          throw new BodyError("too_large", `decoded body exceeds ${maxBytes} bytes`);
        }
        chunks.push(buffer.subarray(0, maxBytes - size));
        size = maxBytes;
        return { body: Buffer.concat(chunks, size), truncated: true };
      }
      chunks.push(buffer);
      size += buffer.length;
    }
    // A connection that closed mid-body must not pass for a whole page.
    if (!response.complete) throw new Error("connection closed before the body was complete");
  } catch (error) {
    if (error instanceof BodyError) throw error;
    if (decoder && isDecoderError(error)) {
      throw new BodyError("bad_encoding", `corrupt ${encoding} body`);
    }
    throw error;
  } finally {
    // Whatever happened, stop reading: free the socket and any decoder state.
    decoder?.destroy();
    response.destroy();
  }
  return { body: Buffer.concat(chunks, size), truncated: false };
}
