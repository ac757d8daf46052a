import type { ErrorCode } from "@nexus/contracts";
import type { ContentfulStatusCode } from "hono/utils/http-status";

const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  verification_failed: 400,
  invalid_link: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  needs_model: 409,
  conversation_full: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  quota_exceeded: 429,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  bad_gateway: 502,
};

const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  bad_request: "The request is not valid.",
  verification_failed: "Verification failed.",
  invalid_link: "The link is invalid or expired.",
  unauthorized: "Sign in to continue.",
  forbidden: "This request is not allowed.",
  not_found: "Not found.",
  conflict: "The request conflicts with the current state.",
  needs_model: "This needs a language model, and this server has none configured.",
  conversation_full: "This conversation is full: start a new one.",
  payload_too_large: "The request body is too large.",
  unsupported_media_type: "Send the request body as application/json.",
  quota_exceeded: "You have reached your usage limit.",
  rate_limited: "Too many requests. Try again in a moment.",
  internal: "Something went wrong on our side.",
  unavailable: "The service is temporarily unavailable.",
  bad_gateway: "The other server did not answer as expected.",
};

export interface Issue {
  path: string;
  message: string;
}

/** A typed failure; mapped to an HTTP status in exactly one place. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly options: {
      issues?: Issue[];
      details?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.name = "AppError";
    this.status = STATUS[code];
  }
}
