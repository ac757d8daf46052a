import type { AnchorHTMLAttributes, MouseEvent } from "react";

export type NavigateFn = (href: string) => void;

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * A plain link that hands same-tab clicks to `onNavigate` when given (client-side routing) and
 * behaves as an ordinary link otherwise. Lets marketing pages render with or without the router.
 */
export function NavAnchor({
  href,
  onNavigate,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; onNavigate?: NavigateFn }) {
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
