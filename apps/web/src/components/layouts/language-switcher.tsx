import { LANGUAGE_NAMES } from "@nexus/contracts";
import { clsx } from "clsx";
import { Languages } from "lucide-react";
import type { NavigateFn } from "@/components/ui/nav-anchor.tsx";
import { chooseInterfaceLanguage, useLocale, useT } from "@/lib/i18n/i18n.ts";
import { localizedHref } from "@/lib/i18n/locale-paths.ts";
import { isLocale, LOCALES } from "@/lib/i18n/locales.ts";

/**
 * The public pages' language menu: goes to the same page in the language picked (/faq →
 * /de/faq; a page without versions, such as a share link, stays where it is) and keeps the choice
 * in this browser, as Settings does for anonymous visitors.
 */
export function LanguageSwitcher({
  onNavigate,
  className,
}: {
  onNavigate?: NavigateFn;
  className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <label className={clsx("inline-flex items-center gap-1.5", className)}>
      {/* On a phone the header has no room for the icon beside the menu and the button. */}
      <Languages className="size-4 shrink-0 max-sm:hidden" aria-hidden="true" />
      <span className="sr-only">{t("footer.language")}</span>
      <select
        value={locale}
        data-testid="language-switcher"
        onChange={(event) => {
          const code = event.target.value;
          if (!isLocale(code)) return;
          void chooseInterfaceLanguage(code).catch(() => undefined);
          const { pathname, search, hash } = window.location;
          const here = `${pathname}${search}${hash}`;
          const there = localizedHref(here, code);
          if (there === here) return;
          if (onNavigate) onNavigate(there);
          else window.location.assign(there);
        }}
        className="rounded-md border border-border bg-surface px-1.5 py-1 text-xs text-fg sm:px-2 sm:text-sm"
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
