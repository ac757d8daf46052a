import { clsx } from "clsx";
import { LogoMark } from "@/components/ui/logo.tsx";
import { NavAnchor, type NavigateFn } from "@/components/ui/nav-anchor.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";

const LINKS = [
  { href: paths.faq.href(), label: "footer.faq" },
  { href: paths.blog.href(), label: "footer.blog" },
  { href: paths.bookDemo.href(), label: "footer.bookDemo" },
  { href: paths.contact.href(), label: "footer.contact" },
] as const;

/**
 * The static footer; shown only on / and /app (spec §2), as one small line on /app (`compact`).
 * The landing page's has the language menu (`languages`).
 */
export function StaticFooter({
  onNavigate,
  className,
  compact = false,
  languages = false,
}: {
  onNavigate?: NavigateFn;
  className?: string;
  compact?: boolean;
  languages?: boolean;
}) {
  const t = useT();
  return (
    <footer
      data-testid="static-footer"
      className={clsx(
        "border-t border-border px-4 text-muted sm:px-6",
        compact ? "py-3 text-xs" : "py-8 text-sm",
        className,
      )}
    >
      <div
        className={clsx(
          "mx-auto flex max-w-6xl sm:flex-row sm:items-center sm:justify-between",
          compact ? "flex-col gap-2" : "flex-col gap-4",
        )}
      >
        <div className="flex items-center gap-2">
          <LogoMark className={compact ? "size-4" : "size-5"} />
          <span>{t("footer.tagline")}</span>
        </div>
        <nav
          aria-label={t("footer.label")}
          className={clsx("flex flex-wrap gap-y-2", compact ? "gap-x-4" : "gap-x-5")}
        >
          {LINKS.map((link) => (
            <NavAnchor
              key={link.href}
              href={link.href}
              onNavigate={onNavigate}
              className="rounded hover:text-fg"
            >
              {t(link.label)}
            </NavAnchor>
          ))}
        </nav>
        {languages ? <LanguageSwitcher onNavigate={onNavigate} /> : null}
      </div>
    </footer>
  );
}
