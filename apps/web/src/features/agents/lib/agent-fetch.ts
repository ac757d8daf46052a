import { ApiError, NETWORK_ERROR_MESSAGE, readErrorBody } from "@/lib/api-client.ts";

/**
 * An agent chat request the server refused before streaming (or could not be reached): its code
 * ("needs_model", "quota_exceeded", "conversation_full"…) and `details` (the quota's, for one).
 */
export class AgentRequestError extends ApiError {
  /** The server's code as sent, including codes the shared ErrorCode list does not name. */
  readonly serverCode: string;
  readonly details: unknown;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    details?: unknown;
  }) {
    super({
      status: options.status,
      code: options.code as ApiError["code"],
      message: options.message,
    });
    this.serverCode = options.code;
    this.details = options.details;
  }
}

/** The code of a refused agent chat request, or null for a stream error or anything else. */
export function agentErrorCode(error: unknown): string | null {
  return error instanceof AgentRequestError ? error.serverCode : null;
}

/**
 * The fetch of the agent chat transport: a non-OK response becomes an AgentRequestError with the
 * server's code, message and details; an unreachable server a "network" error.
 */
export function createAgentFetch(base: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await base(input, init);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
      if (init?.signal?.aborted) throw cause;
      throw new AgentRequestError({ status: 0, code: "network", message: NETWORK_ERROR_MESSAGE });
    }
    if (!response.ok) {
      const { code, message, details } = await readErrorBody(response);
      throw new AgentRequestError({ status: response.status, code, message, details });
    }
    return response;
  };
}
