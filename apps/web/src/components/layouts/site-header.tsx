import { ArrowRight } from "lucide-react";
import { buttonClasses } from "@/components/ui/button.tsx";
import { Logo } from "@/components/ui/logo.tsx";
import { NavAnchor, type NavigateFn } from "@/components/ui/nav-anchor.tsx";
import { paths } from "@/config/paths.ts";

const LINKS = [
  { href: paths.faq.href(), label: "FAQ" },
  { href: paths.blog.href(), label: "Blog" },
  { href: paths.bookDemo.href(), label: "Book a demo" },
] as const;

/** Header of the public pages. Works with the router (onNavigate) or without it. */
export function SiteHeader({ onNavigate }: { onNavigate?: NavigateFn }) {
  return (
    <header className="sticky top-0 z-30 border-b border-border/70 bg-bg/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <NavAnchor
          href={paths.landing.href()}
          onNavigate={onNavigate}
          aria-label="Nexus home"
          className="rounded-lg"
        >
          <Logo />
        </NavAnchor>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          {LINKS.map((link) => (
            <NavAnchor
              key={link.href}
              href={link.href}
              onNavigate={onNavigate}
              className="hidden rounded-lg px-3 py-2 text-sm text-muted hover:bg-surface-2 hover:text-fg sm:inline-flex"
            >
              {link.label}
            </NavAnchor>
          ))}
          <NavAnchor
            href={paths.app.root.href()}
            onNavigate={onNavigate}
            className={buttonClasses({ size: "sm", className: "ms-1" })}
          >
            Open Nexus
            <ArrowRight className="size-4" aria-hidden="true" />
          </NavAnchor>
        </nav>
      </div>
    </header>
  );
}
