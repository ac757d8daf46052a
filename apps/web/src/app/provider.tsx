import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { NoticeViewport } from "@/components/ui/notice-viewport.tsx";
import { SignInDialogProvider } from "@/features/auth/hooks/use-sign-in-dialog.tsx";
import { queryClient } from "@/lib/query-client.ts";
import { SessionProvider } from "@/lib/session.tsx";

/** Everything routed screens share: server state, the session, the sign-in dialog and toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <SignInDialogProvider>
          {children}
          <NoticeViewport />
        </SignInDialogProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
