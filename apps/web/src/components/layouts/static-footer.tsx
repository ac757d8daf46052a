import { clsx } from "clsx";
import { LogoMark } from "@/components/ui/logo.tsx";
import { NavAnchor, type NavigateFn } from "@/components/ui/nav-anchor.tsx";
import { paths } from "@/config/paths.ts";

const LINKS = [
  { href: paths.faq.href(), label: "FAQ" },
  { href: paths.blog.href(), label: "Blog" },
  { href: paths.bookDemo.href(), label: "Book a demo" },
  { href: paths.contact.href(), label: "Contact" },
] as const;

/** The static footer; shown only on / and /app (spec §2). */
export function StaticFooter({
  onNavigate,
  className,
}: {
  onNavigate?: NavigateFn;
  className?: string;
}) {
  return (
    <footer
      data-testid="static-footer"
      className={clsx("border-t border-border px-4 py-8 text-sm text-muted sm:px-6", className)}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <LogoMark className="size-5" />
          <span>Nexus: a self-hostable AI answer and search assistant.</span>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          {LINKS.map((link) => (
            <NavAnchor
              key={link.href}
              href={link.href}
              onNavigate={onNavigate}
              className="rounded hover:text-fg"
            >
              {link.label}
            </NavAnchor>
          ))}
        </nav>
      </div>
    </footer>
  );
}
