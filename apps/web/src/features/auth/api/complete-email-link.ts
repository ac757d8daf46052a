import type { CompleteEmailLinkBody, MeResponse } from "@nexus/contracts";
import { apiRequest } from "@/lib/api-client.ts";

/**
 * POST /api/auth/email-link/complete: signs in (sets the session cookie) when the address matches
 * the link. 400 `verification_failed` for another address, 400 `invalid_link` for a used or
 * expired link.
 */
export function completeEmailLink(body: CompleteEmailLinkBody): Promise<MeResponse> {
  return apiRequest<MeResponse>("/auth/email-link/complete", { method: "POST", body });
}
