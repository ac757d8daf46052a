import { Outlet } from "react-router";
import { CitationPanelContext } from "@/components/chat/citation/citation-panel-context.ts";
import { AppShell } from "@/components/layouts/app-shell.tsx";
import { useNewThreadShortcut } from "@/features/answer/hooks/use-new-thread-shortcut.ts";
import { AccountPanel } from "@/features/auth/components/account-panel.tsx";
import { RecentThreads } from "@/features/history/components/recent-threads.tsx";
import { SaveThreadNotice } from "@/features/history/components/save-thread-notice.tsx";
import { useSession } from "@/lib/session.tsx";
import { useCitationPanelHost } from "./citation-panel-host.tsx";

/**
 * /app/*: sidebar + main area; the sidebar is a skeleton until the session is known. A file
 * citation on any screen opens its passage in the panel beside the reading.
 */
export function AppLayoutRoute() {
  const session = useSession();
  const citationPanel = useCitationPanelHost();
  useNewThreadShortcut();
  return (
    <CitationPanelContext value={citationPanel.open}>
      <AppShell
        account={<AccountPanel />}
        threads={<RecentThreads />}
        loading={session.status === "loading"}
        sidePanel={citationPanel.panel}
      >
        <Outlet />
        <SaveThreadNotice />
      </AppShell>
    </CitationPanelContext>
  );
}
