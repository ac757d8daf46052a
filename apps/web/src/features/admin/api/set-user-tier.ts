import type { AccountTier, UserProfile } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { meQueryKey } from "@/lib/session.tsx";
import { adminKeys } from "./admin-keys.ts";

/** PUT /api/admin/users/:userId/tier {tier}. */
export function setUserTier(userId: string, tier: AccountTier): Promise<UserProfile> {
  return apiRequest<UserProfile>(`/admin/users/${encodeURIComponent(userId)}/tier`, {
    method: "PUT",
    body: { tier },
  });
}

export function useSetUserTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; tier: AccountTier }) =>
      setUserTier(input.userId, input.tier),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.usage() });
      // The admin may have changed their own tier.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
