import { ArrowRight } from "lucide-react";
import { buttonClasses } from "@/components/ui/button.tsx";
import { Logo } from "@/components/ui/logo.tsx";
import { NavAnchor, type NavigateFn } from "@/components/ui/nav-anchor.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";

const LINKS = [
  { href: paths.faq.href(), label: "footer.faq" },
  { href: paths.blog.href(), label: "footer.blog" },
  { href: paths.bookDemo.href(), label: "footer.bookDemo" },
] as const;

/**
 * Header of the public pages. Works with the router (onNavigate) or without it. Pages without the
 * footer (spec §2: only / and /app have one) carry the language menu here (`languages`).
 */
export function SiteHeader({
  onNavigate,
  languages = false,
}: {
  onNavigate?: NavigateFn;
  languages?: boolean;
}) {
  const t = useT();
  return (
    <header className="sticky top-0 z-30 border-b border-border/70 bg-bg/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <NavAnchor
          href={paths.landing.href()}
          onNavigate={onNavigate}
          aria-label={t("marketing.home")}
          className="rounded-lg"
        >
          <Logo />
        </NavAnchor>
        <nav aria-label={t("marketing.mainNav")} className="flex items-center gap-1 sm:gap-2">
          {LINKS.map((link) => (
            <NavAnchor
              key={link.href}
              href={link.href}
              onNavigate={onNavigate}
              className="hidden rounded-lg px-3 py-2 text-sm text-muted hover:bg-surface-2 hover:text-fg sm:inline-flex"
            >
              {t(link.label)}
            </NavAnchor>
          ))}
          {languages ? (
            <LanguageSwitcher onNavigate={onNavigate} className="text-muted sm:ms-1" />
          ) : null}
          <NavAnchor
            href={paths.app.root.href()}
            onNavigate={onNavigate}
            className={buttonClasses({ size: "sm", className: "ms-1" })}
          >
            {t("marketing.openNexus")}
            <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          </NavAnchor>
        </nav>
      </div>
    </header>
  );
}
