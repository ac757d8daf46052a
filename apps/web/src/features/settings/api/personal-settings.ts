import type { PersonalSettings, UpdatePersonalSettings } from "@nexus/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client.ts";

/** Read by Settings only. */
export const personalSettingsKeys = {
  one: (userId: string) => ["personal-settings", userId] as const,
};

/** GET /api/users/:userId/settings: the person's instructions and answer language. */
export function getPersonalSettings(userId: string, signal?: AbortSignal) {
  return apiRequest<PersonalSettings>(
    `/users/${encodeURIComponent(userId)}/settings`,
    signal ? { signal } : {},
  );
}

export function personalSettingsQuery(userId: string) {
  return queryOptions({
    queryKey: personalSettingsKeys.one(userId),
    queryFn: ({ signal }) => getPersonalSettings(userId, signal),
  });
}

export function usePersonalSettings(userId: string) {
  return useQuery(personalSettingsQuery(userId));
}

/** PATCH /api/users/:userId/settings (the fields given; "" clears the instructions). */
export function updatePersonalSettings(userId: string, body: UpdatePersonalSettings) {
  return apiRequest<PersonalSettings>(`/users/${encodeURIComponent(userId)}/settings`, {
    method: "PATCH",
    body,
  });
}

export function useUpdatePersonalSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePersonalSettings) => updatePersonalSettings(userId, body),
    onSuccess: (saved) => queryClient.setQueryData(personalSettingsKeys.one(userId), saved),
  });
}
