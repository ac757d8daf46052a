import * as RadixDialog from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import { Menu, PanelLeftOpen, SquarePen, X } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Logo } from "@/components/ui/logo.tsx";
import { paths, showsStaticFooter } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { DESKTOP_QUERY, useMediaQuery } from "@/lib/use-media-query.ts";
import { useSidebarCollapsed } from "@/lib/use-stored-state.ts";
import { SidebarSkeleton } from "./app-shell-skeleton.tsx";
import { Sidebar } from "./sidebar.tsx";
import { StaticFooter } from "./static-footer.tsx";

function MobileBar({ sidebar }: { sidebar: ReactNode }) {
  const t = useT();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  // Following a link in the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-border bg-bg/90 px-3 backdrop-blur">
        <RadixDialog.Trigger
          aria-label={t("shell.openMenu")}
          data-testid="open-menu"
          className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
        >
          <Menu className="size-5" aria-hidden="true" />
        </RadixDialog.Trigger>
        <Link to={paths.app.root.href()} className="rounded-lg">
          <Logo />
        </Link>
        <Link
          to={paths.app.root.href()}
          aria-label={t("shell.newThread")}
          title={t("shell.newThread")}
          data-testid="new-thread"
          className="ms-auto inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
        >
          <SquarePen className="size-5" aria-hidden="true" />
        </Link>
      </header>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          data-testid="sidebar"
          className="fixed inset-y-0 start-0 z-50 w-[min(18rem,85vw)] border-e border-border bg-sidebar shadow-2xl"
        >
          <RadixDialog.Title className="sr-only">{t("shell.menu")}</RadixDialog.Title>
          {sidebar}
          <RadixDialog.Close
            aria-label={t("shell.closeMenu")}
            className="absolute top-3 -end-12 inline-flex size-9 items-center justify-center rounded-lg bg-surface text-fg shadow-lg"
          >
            <X className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The collapsed sidebar on a wide screen: a rail with the way back, the logo and a new thread. */
function SidebarRail({ onExpand }: { onExpand: () => void }) {
  const t = useT();
  return (
    <aside
      aria-label={t("shell.sidebar")}
      data-testid="sidebar-rail"
      className="fixed inset-y-0 start-0 z-20 flex w-12 flex-col items-center gap-2 border-e border-border bg-sidebar py-3"
    >
      <button
        type="button"
        aria-label={t("shell.showSidebar")}
        title={t("shell.showSidebar")}
        aria-expanded={false}
        data-testid="sidebar-expand"
        onClick={onExpand}
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
      >
        <PanelLeftOpen className="size-5" aria-hidden="true" />
      </button>
      <Link
        to={paths.app.root.href()}
        aria-label={t("shell.newThread")}
        title={t("shell.newThread")}
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
      >
        <SquarePen className="size-5" aria-hidden="true" />
      </Link>
    </aside>
  );
}

/**
 * The /app frame: a fixed sidebar on wide screens (collapsible to a rail, remembered), a top bar
 * with a drawer on phones, the page in the main area, and the static footer on /app itself.
 */
export function AppShell({
  account,
  threads,
  loading,
  children,
  sidePanel,
}: {
  account: ReactNode;
  /** The sidebar's recent threads (filled by the app layer). */
  threads?: ReactNode;
  loading: boolean;
  children: ReactNode;
  /** A panel beside the page (a cited file's passage): on a wide screen the page makes room. */
  sidePanel?: ReactNode;
}) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const rail = desktop && collapsed;
  const sidebar = loading ? (
    <SidebarSkeleton />
  ) : (
    <Sidebar
      account={account}
      threads={threads}
      {...(desktop ? { onCollapse: () => setCollapsed(true) } : {})}
    />
  );

  return (
    <div
      className={clsx(
        "min-h-dvh",
        rail ? "md:ps-12" : "md:ps-64",
        sidePanel && "lg:pe-[min(40rem,45vw)]",
      )}
      data-sidebar={rail ? "collapsed" : "expanded"}
    >
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent px-3 py-2 text-accent-fg focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        {t("shell.skipToContent")}
      </a>
      {rail ? (
        <SidebarRail onExpand={() => setCollapsed(false)} />
      ) : desktop ? (
        <aside
          aria-label={t("shell.sidebar")}
          data-testid="sidebar"
          className="fixed inset-y-0 start-0 z-20 w-64 border-e border-border bg-sidebar"
        >
          {sidebar}
        </aside>
      ) : (
        <MobileBar sidebar={sidebar} />
      )}
      <div className="flex min-h-[calc(100dvh-3.5rem)] flex-col md:min-h-dvh">
        <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
          {children}
        </main>
        {showsStaticFooter(location.pathname) ? (
          <StaticFooter compact onNavigate={(href) => navigate(href)} />
        ) : null}
      </div>
      {sidePanel}
    </div>
  );
}
