import type { QuotaExceededDetails } from "@nexus/contracts";
import { ApiError, NETWORK_ERROR_MESSAGE, readErrorBody } from "@/lib/api-client.ts";
import { parseQuotaDetails } from "@/lib/quota-details.ts";

/** An answer request the server refused before streaming (or could not be reached). */
export class AnswerRequestError extends ApiError {
  /** Set for 429 quota_exceeded. */
  readonly quota: QuotaExceededDetails | null;

  constructor(
    options: ConstructorParameters<typeof ApiError>[0] & { quota?: QuotaExceededDetails },
  ) {
    super(options);
    this.quota = options.quota ?? null;
  }
}

async function toAnswerError(response: Response): Promise<AnswerRequestError> {
  const { code, message, details } = await readErrorBody(response);
  const quota = code === "quota_exceeded" ? parseQuotaDetails(details) : null;
  return new AnswerRequestError({
    status: response.status,
    code,
    message,
    ...(quota ? { quota } : {}),
  });
}

/**
 * The fetch of the answer transport: a non-OK response becomes an AnswerRequestError with the
 * server's code and message (and quota details), an unreachable server a "network" error.
 */
export function createAnswerFetch(base: typeof fetch = (...args) => fetch(...args)): typeof fetch {
  return async (input, init) => {
    let response: Response;
    try {
      response = await base(input, init);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
      if (init?.signal?.aborted) throw cause;
      throw new AnswerRequestError({ status: 0, code: "network", message: NETWORK_ERROR_MESSAGE });
    }
    if (!response.ok) throw await toAnswerError(response);
    return response;
  };
}
