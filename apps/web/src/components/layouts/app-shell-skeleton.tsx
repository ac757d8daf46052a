import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { PageSpinner } from "@/components/ui/spinner.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** Placeholder sidebar shown while the app shell or the session loads. */
export function SidebarSkeleton() {
  const t = useT();
  return (
    <div
      data-testid="sidebar-skeleton"
      aria-busy="true"
      aria-label={t("nav.loading")}
      role="status"
      className="flex h-full flex-col gap-6 p-4"
    >
      <div className="flex items-center gap-2">
        <Skeleton className="size-7 rounded-lg" />
        <Skeleton className="h-5 w-20" />
      </div>
      <Skeleton className="h-10 w-full rounded-xl" />
      <div className="flex flex-col gap-3">
        {["w-24", "w-28", "w-20", "w-24", "w-16", "w-20"].map((width, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
          <div key={index} className="flex items-center gap-3 px-2">
            <Skeleton className="size-4 rounded" />
            <Skeleton className={`h-3.5 ${width}`} />
          </div>
        ))}
      </div>
      <div className="mt-auto flex items-center gap-3 border-t border-border pt-4">
        <Skeleton className="size-9 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className="h-3 w-32" />
        </div>
      </div>
    </div>
  );
}

/**
 * The whole app frame while its code loads: skeleton sidebar and the page spinner, or what the
 * screen shows first when the server knows it (its first view, src/app/first-views.tsx). It is
 * prerendered, so it cannot read the stored sidebar state: public/theme-init.js marks `<html>`
 * with `data-sidebar-boot="collapsed"` before first paint, and the frame then draws the rail.
 */
export function AppShellSkeleton({ children }: { children?: ReactNode }) {
  return (
    <div className="min-h-dvh md:ps-64 in-data-[sidebar-boot=collapsed]:md:ps-12">
      <aside className="fixed inset-y-0 start-0 hidden w-64 border-e border-border bg-sidebar md:block in-data-[sidebar-boot=collapsed]:md:hidden">
        <SidebarSkeleton />
      </aside>
      <aside
        data-testid="sidebar-rail-skeleton"
        aria-hidden="true"
        className="fixed inset-y-0 start-0 hidden w-12 flex-col items-center gap-2 border-e border-border bg-sidebar py-3 in-data-[sidebar-boot=collapsed]:md:flex"
      >
        <Skeleton className="size-9 rounded-lg" />
        <Skeleton className="size-9 rounded-lg" />
      </aside>
      <div className="sticky top-0 flex h-14 items-center gap-3 border-b border-border bg-bg px-4 md:hidden">
        <Skeleton className="size-8 rounded-lg" />
        <Skeleton className="h-5 w-20" />
      </div>
      <main>{children ?? <PageSpinner className="min-h-[70vh]" />}</main>
    </div>
  );
}
