import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useLocale } from "@/lib/i18n/i18n.ts";
import { localizedHref } from "@/lib/i18n/locale-paths.ts";

export type NavigateFn = (href: string) => void;

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A plain link that hands same-tab clicks to `onNavigate` when given (client-side routing) and
 * behaves as an ordinary link otherwise. Lets marketing pages render with or without the router.
 * A public page's link goes to its version in the interface's language (/faq → /de/faq);
 * `keepLanguage` leaves the address as given (the language switcher's links).
 */
export function NavAnchor({
  href: given,
  onNavigate,
  onClick,
  keepLanguage = false,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
  onNavigate?: NavigateFn;
  keepLanguage?: boolean;
}) {
  const locale = useLocale();
  const href = keepLanguage ? given : localizedHref(given, locale);
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !onNavigate || !isPlainLeftClick(event)) return;
        event.preventDefault();
        onNavigate(href);
      }}
      {...props}
    />
  );
}
