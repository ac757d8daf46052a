import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { ResearchResults } from "@/features/research/components/research-results.tsx";

/** /app/agents/deepresearch/results */
export function DeepResearchResultsRoute() {
  return (
    <RequireSignIn area="Deep research">
      <ResearchResults />
    </RequireSignIn>
  );
}
