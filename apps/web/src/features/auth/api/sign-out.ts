import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { isSignInOnlyPath, paths } from "@/config/paths.ts";
import { apiRequest, errorMessage } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { applySignedOut } from "@/lib/session.tsx";

/** POST /api/auth/sign-out: ends the session and clears the cookie (204). */
export function signOut(): Promise<void> {
  return apiRequest<void>("/auth/sign-out", { method: "POST" });
}

/**
 * Signs out, clears the cached profile (tier back to anonymous) and leaves sign-in-only areas for
 * the root path; elsewhere (answer, search, home…) the user stays where they are (spec §2).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      applySignedOut(queryClient);
      if (isSignInOnlyPath(location.pathname)) navigate(paths.landing.href(), { replace: true });
    },
    onError: (error) => {
      notify("error", `${t("account.signOutFailed")} ${errorMessage(error)}`);
    },
  });
}
