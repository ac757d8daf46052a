import type { RequestEmailLinkBody } from "@nexus/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { saveSignInEmail } from "@/lib/sign-in-email.ts";
import { browserStorage } from "@/lib/storage.ts";

/** POST /api/auth/email-link: e-mails a sign-in link (202 whether or not the account exists). */
export function requestEmailLink(body: RequestEmailLinkBody): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>("/auth/email-link", { method: "POST", body });
}

/** Sends the link and remembers the address on this device, so opening the link completes it. */
export function useRequestEmailLink() {
  return useMutation({
    mutationFn: async (email: string) => {
      await requestEmailLink({ email });
      saveSignInEmail(browserStorage(), email, new Date());
      return email;
    },
  });
}
