import type { ErrorCode } from "@nexus/contracts";
import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "./anon-id.ts";
import { t } from "./i18n/i18n.ts";

/** `network` when the server could not be reached at all. */
export type ApiErrorCode = ErrorCode | "network" | "unknown";

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly issues: ReadonlyArray<{ path: string; message: string }>;

  constructor(options: {
    status: number;
    code: ApiErrorCode;
    message: string;
    issues?: ReadonlyArray<{ path: string; message: string }>;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.issues = options.issues ?? [];
  }
}

/** The server could not be reached at all, in the interface's language. */
export function networkErrorMessage(): string {
  return t("errorPage.network");
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * What an error response of the API says ({ error: { code, message, issues? }, details? }); a body
 * that is not ours (a proxy's error page) gives "unknown" and the HTTP status as the message.
 */
export async function readErrorBody(response: Response): Promise<{
  code: ApiErrorCode;
  message: string;
  issues: ReadonlyArray<{ path: string; message: string }>;
  /** `details` beside `error` (or, from older servers, inside it). */
  details: unknown;
}> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Not JSON (a proxy error page, for instance).
  }
  const error = isRecord(payload) && isRecord(payload.error) ? payload.error : null;
  const message =
    error && typeof error.message === "string" && error.message !== ""
      ? error.message
      : t("errorPage.requestFailed", {
          status: `${response.status} ${response.statusText || "error"}`,
        });
  const code = error && typeof error.code === "string" ? (error.code as ErrorCode) : "unknown";
  const issues: ReadonlyArray<{ path: string; message: string }> =
    error && Array.isArray(error.issues) ? error.issues : [];
  const details = isRecord(payload) && "details" in payload ? payload.details : error?.details;
  return { code, message, issues, details };
}

async function toApiError(response: Response): Promise<ApiError> {
  const { code, message, issues } = await readErrorBody(response);
  return new ApiError({ status: response.status, code, message, issues });
}

/**
 * Calls the Nexus API (same origin). Always sends the anonymous id and the session cookie.
 * Resolves with the parsed JSON body (undefined for 204) or rejects with an ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ accept: "application/json" });
  headers.set(ANON_ID_HEADER_NAME, getAnonId());
  const init: RequestInit = {
    method: options.method ?? "GET",
    headers,
    credentials: "same-origin",
    signal: options.signal ?? null,
  };
  if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}${path}`, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError({ status: 0, code: "network", message: networkErrorMessage() });
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text === "" ? undefined : JSON.parse(text)) as T;
}

export function errorMessage(error: unknown, fallback = t("errorPage.generic")): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
