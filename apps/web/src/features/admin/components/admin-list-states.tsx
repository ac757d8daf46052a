import { Download, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** Rows of grey while a list loads (announced once as "Loading..."). */
export function LoadingRows({ rows = 5, testId }: { rows?: number; testId?: string }) {
  const t = useT();
  return (
    <div data-testid={testId} className="flex flex-col gap-2">
      <span role="status" className="sr-only">
        {t("spec.loading")}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}

export function EmptyList({
  icon,
  title,
  description,
  action,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <EmptyState icon={icon} title={title} description={description} testId={testId}>
      {action}
    </EmptyState>
  );
}

/** A CSV download of what the filters show (a plain link: the browser saves the file). */
export function CsvLink({ href, label, testId }: { href: string; label: string; testId?: string }) {
  return (
    <a
      href={href}
      download
      data-testid={testId}
      className={buttonClasses({ variant: "outline", className: "w-full sm:w-auto" })}
    >
      <Download className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}

/** The filter row above a list: wraps on phones. */
export function Toolbar({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">{children}</div>
  );
}
