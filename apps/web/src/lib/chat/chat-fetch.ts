import type { QuotaExceededDetails } from "@nexus/contracts";
import { ApiError, networkErrorMessage, readErrorBody } from "@/lib/api-client.ts";
import { parseQuotaDetails } from "@/lib/quota-details.ts";

/**
 * A chat request the server refused before streaming (or could not be reached), for every chat
 * kind: the server's code as sent ("quota_exceeded", "needs_model", "conversation_full"…), its
 * message, its `details`, and for a 429 quota_exceeded the quota that ran out (the QuotaCard's).
 */
export class ChatRequestError extends ApiError {
  /** The server's code as sent, including codes the shared ErrorCode list does not name. */
  readonly serverCode: string;
  readonly details: unknown;
  /** Set for 429 quota_exceeded with readable details (counter, limit, reset). */
  readonly quota: QuotaExceededDetails | null;

  constructor(options: { status: number; code: string; message: string; details?: unknown }) {
    super({
      status: options.status,
      code: options.code as ApiError["code"],
      message: options.message,
    });
    this.serverCode = options.code;
    this.details = options.details;
    this.quota = options.code === "quota_exceeded" ? parseQuotaDetails(options.details) : null;
  }
}

/** The server's code of a refused chat request, or null for a stream error or anything else. */
export function chatErrorCode(error: unknown): string | null {
  return error instanceof ChatRequestError ? error.serverCode : null;
}

/** The used-up quota of a refused chat request, or null. */
export function chatQuotaOf(error: unknown): QuotaExceededDetails | null {
  return error instanceof ChatRequestError ? error.quota : null;
}

/**
 * The fetch of every chat transport: a non-OK response becomes a ChatRequestError with the
 * server's code, message and details; an unreachable server a "network" one. An abort stays an
 * abort (Stop).
 */
export function createChatFetch(base: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await base(input, init);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
      if (init?.signal?.aborted) throw cause;
      throw new ChatRequestError({ status: 0, code: "network", message: networkErrorMessage() });
    }
    if (!response.ok) {
      const { code, message, details } = await readErrorBody(response);
      throw new ChatRequestError({ status: response.status, code, message, details });
    }
    return response;
  };
}
