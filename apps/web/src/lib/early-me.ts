import type { MeResponse } from "@nexus/contracts";
import { apiRequest } from "./api-client.ts";

/**
 * GET /api/me started by src/main.tsx as an /app page loads (this module is loaded for /app only,
 * so the landing page does not carry it), beside the app's code instead of after it: one network
 * round trip less before a signed-in screen can show. The session takes it once: already arrived,
 * as its first data (the app's first render knows who is signed in, no second render of the whole
 * tree); still on its way, as its first fetch. Every later query asks again.
 */
let early: Promise<MeResponse> | null = null;
let arrived: MeResponse | undefined;
/** The session has asked already: too late to start early. */
let asked = false;

export function fetchMeEarly(): void {
  if (asked) return;
  const request = apiRequest<MeResponse>("/me");
  early = request;
  request.then(
    (me) => {
      if (early === request) arrived = me;
    },
    // Whoever takes it hears of a failure; until then it must not be reported as unhandled.
    () => undefined,
  );
}

function forget(): void {
  asked = true;
  early = null;
  arrived = undefined;
}

/** The early answer if it has arrived (then nothing is left to take). */
export function takeArrivedMe(): MeResponse | undefined {
  const me = arrived;
  if (me !== undefined) forget();
  return me;
}

/** The early request, arrived or not (then nothing is left to take). */
export function takeEarlyMe(): Promise<MeResponse> | null {
  const taken = early;
  forget();
  return taken;
}
