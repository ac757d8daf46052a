import { clsx } from "clsx";
import { LocalLink } from "@/components/ui/local-link.tsx";
import { paths } from "@/config/paths.ts";

/** The blog list filtered by one tag: /blog?tag=<tag>. */
export function tagHref(tag: string | null): string {
  return tag ? `${paths.blog.href()}?${new URLSearchParams({ tag })}` : paths.blog.href();
}

/** A tag chip linking to the posts that carry it; `active` marks the current filter. */
export function TagLink({
  tag,
  label,
  active = false,
  count,
}: {
  tag: string | null;
  label?: string;
  active?: boolean;
  count?: number;
}) {
  return (
    <LocalLink
      to={tagHref(tag)}
      aria-current={active ? "page" : undefined}
      data-testid="tag-link"
      className={clsx(
        "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        active
          ? "border-accent bg-accent text-accent-fg"
          : "border-border bg-surface text-muted hover:border-accent/50 hover:text-fg",
      )}
    >
      {label ?? tag}
      {count === undefined ? null : (
        <span className={active ? "opacity-80" : "text-subtle"}>{count}</span>
      )}
    </LocalLink>
  );
}
