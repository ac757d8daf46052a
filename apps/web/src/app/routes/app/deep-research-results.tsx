import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { ResearchResults } from "@/features/research/components/research-results.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** /app/agents/deepresearch/results */
export function DeepResearchResultsRoute() {
  const t = useT();
  return (
    <RequireSignIn area={t("kinds.research")}>
      <ResearchResults />
    </RequireSignIn>
  );
}
