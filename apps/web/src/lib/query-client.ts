import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors (4xx) won't change on retry; network and server errors get one more try.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** One client for the whole app, so the session survives moving between layouts. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
