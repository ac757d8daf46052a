import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { applySignedOut } from "@/lib/session.tsx";

/** DELETE /api/users/:userId: removes everything of the user and ends all sessions (204). */
export function deleteAccount(userId: string): Promise<void> {
  return apiRequest<void>(`/users/${encodeURIComponent(userId)}`, { method: "DELETE" });
}

/** Deletes the account, then the browser is signed out and sent to the landing page. */
export function useDeleteAccount(userId: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => deleteAccount(userId),
    onSuccess: () => {
      applySignedOut(queryClient);
      navigate(paths.landing.href(), { replace: true });
    },
  });
}
