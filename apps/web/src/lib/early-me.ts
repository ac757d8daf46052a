import type { MeResponse } from "@nexus/contracts";
import { apiRequest } from "./api-client.ts";

/**
 * GET /api/me started by src/main.tsx as the page loads, beside the app's code instead of after
 * it (one network round trip less before a signed-in screen can show). The session's first query
 * takes it once; every later one asks again.
 */
let early: Promise<MeResponse> | null = null;

export function fetchMeEarly(): void {
  early = apiRequest<MeResponse>("/me");
  // Whoever takes it hears of a failure; until then it must not be reported as unhandled.
  early.catch(() => undefined);
}

export function takeEarlyMe(): Promise<MeResponse> | null {
  const taken = early;
  early = null;
  return taken;
}
