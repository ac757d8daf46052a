import type { ThreadState } from "@nexus/contracts";
import { Spinner } from "@/components/ui/spinner.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/**
 * A listed thread's state beside its title (Recent, History's rows): a spinner while its work runs
 * (a deep research), "Failed" once it failed.
 */
export function ThreadStateMark({ state, testId }: { state: ThreadState; testId: string }) {
  const t = useT();
  return state === "running" ? (
    <span className="flex shrink-0 items-center gap-1 text-xs text-accent" data-testid={testId}>
      <Spinner className="size-3" />
      <span className="sr-only">{t("threadState.running")}</span>
    </span>
  ) : (
    <span className="shrink-0 text-xs font-medium text-danger" data-testid={testId}>
      {t("threadState.failedMark")}
    </span>
  );
}
