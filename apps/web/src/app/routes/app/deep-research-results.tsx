import { SpecialistPlaceholder } from "@/features/agents/components/specialist-placeholder.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

/** /app/agents/deepresearch/results */
export function DeepResearchResultsRoute() {
  return (
    <RequireSignIn area="Deep research">
      <SpecialistPlaceholder
        capability="Deep research"
        title="Research results"
        description="Your finished deep research reports."
      />
    </RequireSignIn>
  );
}
