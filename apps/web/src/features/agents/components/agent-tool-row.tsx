import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner.tsx";

/** A tool call's part of a UI message, as the agent chat's parts carry it. */
export interface ToolPartLike {
  type: string;
  state?: string;
  toolName?: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
}

/** One row of the reply's tool activity: an icon (a spinner while it runs) and what happened. */
export function ToolRow({
  icon,
  running,
  children,
  tone = "default",
}: {
  icon: ReactNode;
  running: boolean;
  children: ReactNode;
  tone?: "default" | "warning";
}) {
  return (
    <div
      data-testid="agent-tool"
      className={
        tone === "warning"
          ? "flex min-w-0 items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-muted"
          : "flex min-w-0 items-start gap-2 text-sm text-muted"
      }
    >
      <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center">
        {running ? <Spinner className="size-3.5 text-accent" /> : icon}
      </span>
      <div className="min-w-0 flex-1 break-words">{children}</div>
    </div>
  );
}
