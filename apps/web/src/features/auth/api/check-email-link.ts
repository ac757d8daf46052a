import type { CheckEmailLinkResponse } from "@nexus/contracts";
import { apiRequest } from "@/lib/api-client.ts";

/** POST /api/auth/email-link/check: whether a link is still usable (does not consume it). */
export function checkEmailLink(token: string): Promise<CheckEmailLinkResponse> {
  return apiRequest<CheckEmailLinkResponse>("/auth/email-link/check", {
    method: "POST",
    body: { token },
  });
}
