import { clsx } from "clsx";
import {
  Bot,
  Compass,
  Crown,
  Files,
  FileText,
  Gauge,
  History,
  House,
  Library,
  type LucideIcon,
  PanelLeftClose,
  Plus,
  Settings,
  ShieldCheck,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { Logo } from "@/components/ui/logo.tsx";
import { ThemeToggle } from "@/components/ui/theme-toggle.tsx";
import { paths } from "@/config/paths.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import { useSession } from "@/lib/session.tsx";

interface NavItem {
  to: string;
  label: MessageId;
  icon: LucideIcon;
  end?: boolean;
}

const PRIMARY: readonly NavItem[] = [
  { to: paths.app.root.href(), label: "nav.home", icon: House, end: true },
  { to: paths.app.discover.href(), label: "nav.discover", icon: Compass },
  { to: paths.app.agents.href(), label: "nav.agents", icon: Bot },
  { to: paths.app.library.href(), label: "nav.library", icon: Library },
  { to: paths.app.history.href(), label: "nav.history", icon: History },
  { to: paths.app.files.href(), label: "nav.files", icon: Files },
  { to: paths.app.nexdocsList.href(), label: "nexdocs.nav", icon: FileText },
];

const SECONDARY: readonly NavItem[] = [
  { to: paths.app.usage.href(), label: "nav.usage", icon: Gauge },
  { to: paths.app.subscriptionPlans.href(), label: "nav.plans", icon: Crown },
  { to: paths.app.settings.href(), label: "nav.settings", icon: Settings },
];

/** Shown to super-admins only; the admin screens and API are a 404 for everyone else. */
const ADMIN_ITEM: NavItem = { to: paths.app.admin.href(), label: "nav.admin", icon: ShieldCheck };

function SidebarLink({ item }: { item: NavItem }) {
  const t = useT();
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      end={item.end}
      className={({ isActive }) =>
        clsx(
          "flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors",
          isActive
            ? "bg-accent-soft font-medium text-accent-soft-fg"
            : "text-muted hover:bg-surface-2 hover:text-fg",
        )
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {t(item.label)}
    </NavLink>
  );
}

/**
 * The app navigation: brand, new search, sections, recent threads (a slot the app layer fills),
 * and the account area at the bottom.
 */
export function Sidebar({
  account,
  threads,
  onCollapse,
}: {
  account: ReactNode;
  threads?: ReactNode;
  /** Wide screens: hides the sidebar (a rail stays; AppShell remembers the choice). */
  onCollapse?: () => void;
}) {
  const t = useT();
  const { isSuperAdmin } = useSession();
  const secondary = isSuperAdmin ? [...SECONDARY, ADMIN_ITEM] : SECONDARY;
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center justify-between gap-2 px-4">
        <Link to={paths.app.root.href()} className="rounded-lg">
          <Logo />
        </Link>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          {onCollapse ? (
            <button
              type="button"
              aria-label={t("shell.hideSidebar")}
              title={t("shell.hideSidebar")}
              aria-expanded={true}
              data-testid="sidebar-collapse"
              onClick={onCollapse}
              className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
            >
              <PanelLeftClose className="size-5" aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </div>
      <div className="px-3">
        <Link
          to={paths.app.root.href()}
          className="flex h-10 items-center gap-2 rounded-xl border border-border bg-surface px-3 text-sm font-medium shadow-xs transition-colors hover:border-accent/50 hover:text-accent"
        >
          <Plus className="size-4" aria-hidden="true" />
          {t("nav.newSearch")}
        </Link>
      </div>
      <nav
        aria-label={t("nav.label")}
        className="mt-4 flex min-h-0 flex-1 flex-col overflow-y-auto px-3"
      >
        <ul className="flex flex-col gap-0.5">
          {PRIMARY.map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} />
            </li>
          ))}
        </ul>
        {threads}
        <ul className="mt-auto flex flex-col gap-0.5 pt-6 pb-2">
          {secondary.map((item) => (
            <li key={item.to}>
              <SidebarLink item={item} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-border p-3">{account}</div>
    </div>
  );
}
