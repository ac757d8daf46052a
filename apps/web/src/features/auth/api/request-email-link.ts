import type {
  RequestEmailLinkBody,
  RequestEmailLinkResponse,
  RequestLinkStatus,
} from "@nexus/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { saveSignInEmail } from "@/lib/sign-in-email.ts";
import { browserStorage } from "@/lib/storage.ts";

/**
 * POST /api/auth/email-link: e-mails a sign-in link (202 whether or not the account exists);
 * `recently_sent` when this device's network was sent one for the address moments ago.
 */
export function requestEmailLink(body: RequestEmailLinkBody): Promise<RequestEmailLinkResponse> {
  return apiRequest<RequestEmailLinkResponse>("/auth/email-link", { method: "POST", body });
}

export interface RequestedLink {
  email: string;
  status: RequestLinkStatus;
}

/** Sends the link and remembers the address on this device, so opening the link completes it. */
export function useRequestEmailLink() {
  return useMutation({
    mutationFn: async ({ email, next }: RequestEmailLinkBody): Promise<RequestedLink> => {
      const { status } = await requestEmailLink(next ? { email, next } : { email });
      saveSignInEmail(browserStorage(), email, new Date());
      return { email, status };
    },
  });
}
