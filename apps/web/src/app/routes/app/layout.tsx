import { Outlet } from "react-router";
import { AppShell } from "@/components/layouts/app-shell.tsx";
import { useNewThreadShortcut } from "@/features/answer/hooks/use-new-thread-shortcut.ts";
import { AccountPanel } from "@/features/auth/components/account-panel.tsx";
import { RecentThreads } from "@/features/history/components/recent-threads.tsx";
import { SaveThreadNotice } from "@/features/history/components/save-thread-notice.tsx";
import { useSession } from "@/lib/session.tsx";

/** /app/*: sidebar + main area; the sidebar is a skeleton until the session is known. */
export function AppLayoutRoute() {
  const session = useSession();
  useNewThreadShortcut();
  return (
    <AppShell
      account={<AccountPanel />}
      threads={<RecentThreads />}
      loading={session.status === "loading"}
    >
      <Outlet />
      <SaveThreadNotice />
    </AppShell>
  );
}
