import type { UpdateProfileBody, UserProfile } from "@nexus/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";
import { applyProfileUpdate } from "@/lib/session.tsx";

/** PATCH /api/users/:userId (own profile only). */
export function updateProfile(userId: string, body: UpdateProfileBody): Promise<UserProfile> {
  return apiRequest<UserProfile>(`/users/${encodeURIComponent(userId)}`, {
    method: "PATCH",
    body,
  });
}

export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(userId, body),
    onSuccess: (user) => applyProfileUpdate(queryClient, user),
  });
}
