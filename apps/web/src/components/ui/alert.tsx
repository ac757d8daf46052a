import { clsx } from "clsx";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type { ReactNode } from "react";

const STYLES = {
  error: "border-danger/30 bg-danger-soft text-danger",
  success: "border-success/30 bg-success-soft text-success",
  info: "border-border bg-surface-2 text-muted",
} as const;

const ICONS = { error: CircleAlert, success: CircleCheck, info: Info } as const;

/** An inline message. Errors are announced assertively, the rest politely. */
export function Alert({
  kind,
  children,
  action,
  className,
}: {
  kind: keyof typeof STYLES;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const Icon = ICONS[kind];
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={clsx(
        "flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm",
        STYLES[kind],
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </div>
  );
}
