import { LANGUAGE_NAMES, type UserProfile } from "@nexus/contracts";
import { clsx } from "clsx";
import { Crown, Gauge, Languages, LogIn, LogOut, Settings } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { TierBadge } from "@/components/ui/tier-badge.tsx";
import { paths } from "@/config/paths.ts";
import { chooseInterfaceLanguage, useLocale, useT } from "@/lib/i18n/i18n.ts";
import { isLocale, LOCALES } from "@/lib/i18n/locales.ts";
import { useSession } from "@/lib/session.tsx";
import { useSignOut } from "../api/sign-out.ts";
import { useSignInDialog } from "../hooks/use-sign-in-dialog.tsx";

function initials(user: UserProfile): string {
  const source = user.name.trim() || user.email;
  const parts = source.split(/[\s._@-]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts[1]?.[0] ?? "")).toUpperCase() || "?";
}

const itemClasses =
  "flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-start text-sm text-fg outline-none hover:bg-surface-2 focus-visible:bg-surface-2 disabled:opacity-50";

/** The signed-in user's menu: a disclosure above the account button. */
function UserMenu({ user }: { user: UserProfile }) {
  const t = useT();
  const { tier } = useSession();
  const signOut = useSignOut();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close on navigation on purpose
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="relative">
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          data-testid="account-menu"
          className="absolute inset-x-0 bottom-full z-30 mb-2 rounded-xl border border-border bg-surface p-1.5 shadow-xl"
        >
          <p
            dir="auto"
            className="truncate px-3 pt-1.5 pb-2 text-xs text-subtle [text-align:match-parent]"
          >
            {user.email}
          </p>
          <Link to={paths.app.settings.href()} className={itemClasses}>
            <Settings className="size-4 text-muted" aria-hidden="true" />
            {t("nav.settings")}
          </Link>
          <Link to={paths.app.usage.href()} className={itemClasses}>
            <Gauge className="size-4 text-muted" aria-hidden="true" />
            {t("nav.usage")}
          </Link>
          <Link to={paths.app.subscriptionPlans.href()} className={itemClasses}>
            <Crown className="size-4 text-muted" aria-hidden="true" />
            {t("nav.plans")}
          </Link>
          <hr className="my-1 border-border" />
          <button
            type="button"
            data-testid="sidebar-sign-out"
            className={itemClasses}
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSuccess: () => setOpen(false) })}
          >
            <LogOut className="size-4 text-muted" aria-hidden="true" />
            {signOut.isPending ? t("account.signingOut") : t("account.signOut")}
          </button>
        </div>
      ) : null}
      <button
        ref={buttonRef}
        type="button"
        aria-label={t("account.menu")}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="account-menu-button"
        onClick={() => setOpen((value) => !value)}
        className={clsx(
          "flex w-full items-center gap-3 rounded-xl p-2 text-start transition-colors hover:bg-surface-2",
          open && "bg-surface-2",
        )}
      >
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-fg"
        >
          {initials(user)}
        </span>
        <span className="min-w-0 flex-1" data-testid="sidebar-user">
          {/* A name and an address in their own direction, cut at their own end, aligned as the
              sidebar is (match-parent: the start of a right-to-left sidebar is its right). */}
          <span
            dir="auto"
            className="block truncate text-sm font-medium [text-align:match-parent]"
            data-testid="sidebar-user-name"
          >
            {user.name || user.email}
          </span>
          <span
            dir="auto"
            className="block truncate text-xs text-subtle [text-align:match-parent]"
            data-testid="sidebar-user-email"
          >
            {user.email}
          </span>
        </span>
        <TierBadge tier={tier} testId="tier-badge" />
      </button>
    </div>
  );
}

/**
 * A guest's interface language (kept in this browser; a signed-in person sets theirs in Settings,
 * for the account): the browser's preference until one is chosen.
 */
function GuestLanguage() {
  const t = useT();
  const locale = useLocale();
  return (
    <label className="flex items-center gap-2 text-xs text-subtle">
      <Languages className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">{t("footer.language")}</span>
      <select
        value={locale}
        data-testid="guest-language"
        onChange={(event) => {
          if (isLocale(event.target.value)) void chooseInterfaceLanguage(event.target.value);
        }}
        className="min-w-0 flex-1 rounded-md border border-border bg-surface px-2 py-1 text-xs text-fg"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code].native}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Account area at the bottom of the sidebar: the user and tier, or the way to sign in. */
export function AccountPanel() {
  const t = useT();
  const session = useSession();
  const { openSignIn } = useSignInDialog();
  if (session.user) return <UserMenu user={session.user} />;
  return (
    <div className="flex flex-col gap-3 p-1" data-testid="sidebar-anonymous">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">{t("account.guest")}</span>
        <TierBadge tier={session.tier} testId="tier-badge" />
      </div>
      {session.loadFailed ? (
        <p role="alert" className="text-xs text-danger">
          {t("account.unreachable")}{" "}
          <button type="button" onClick={session.retry} className="underline underline-offset-2">
            {t("common.retry")}
          </button>
        </p>
      ) : (
        <p className="text-xs text-subtle">{t("account.signInHint")}</p>
      )}
      <Button onClick={openSignIn} className="w-full" data-testid="sidebar-sign-in">
        <LogIn className="size-4" aria-hidden="true" />
        {t("account.signIn")}
      </Button>
      <GuestLanguage />
    </div>
  );
}
