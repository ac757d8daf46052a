import type { CustomAgent } from "@nexus/contracts";
import { BookOpen, CircleAlert } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";

const BADGE =
  "inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-[0.6875rem] font-medium";

/** "Knows 3 files": how many knowledge files the agent searches (nothing when none). */
export function KnowledgeBadge({
  agent,
  compact = false,
}: {
  agent: Pick<CustomAgent, "knowledgeCount">;
  /** On a phone, the number alone (the words stay for screen readers). */
  compact?: boolean;
}) {
  const t = useT();
  const count = agent.knowledgeCount;
  if (count === 0) return null;
  const label = t("customAgents.knows", { count });
  return (
    <span
      data-testid="knowledge-badge"
      title={label}
      className={`${BADGE} border-border bg-surface-2 text-muted`}
    >
      <BookOpen className="size-3" aria-hidden="true" />
      {compact ? (
        <>
          <span className="max-sm:sr-only">{label}</span>
          <span className="sm:hidden" aria-hidden="true">
            {count}
          </span>
        </>
      ) : (
        label
      )}
    </span>
  );
}

/** An agent this server cannot run: no language model, and no knowledge files to answer from. */
export function NeedsModelBadge({ agent }: { agent: Pick<CustomAgent, "available"> }) {
  const t = useT();
  if (agent.available) return null;
  return (
    <span
      data-testid="needs-model-badge"
      className={`${BADGE} border-warning/40 bg-warning-soft text-warning`}
    >
      <CircleAlert className="size-3" aria-hidden="true" />
      {t("customAgents.needsModel")}
    </span>
  );
}
