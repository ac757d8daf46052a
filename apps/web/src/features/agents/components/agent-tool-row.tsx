import { ChevronRight } from "lucide-react";
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

/** A tool row's disclosure: its summary line (with a chevron that turns when open), then details. */
export function ToolDetails({
  summary,
  children,
  testId,
}: {
  summary: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <details className="group/tool" data-testid={testId}>
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <span className="min-w-0">{summary}</span>
        <ChevronRight
          className="size-3.5 shrink-0 transition-transform group-open/tool:rotate-90"
          aria-hidden="true"
        />
      </summary>
      {children}
    </details>
  );
}
