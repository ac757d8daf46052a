import { useParams } from "react-router";
import { SpecialistPlaceholder } from "@/features/agents/components/specialist-placeholder.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

/** /app/agents/deepresearch(/:threadId) */
export function DeepResearchRoute() {
  const { threadId } = useParams();
  return (
    <RequireSignIn area="Deep research">
      <SpecialistPlaceholder
        capability="Deep research"
        title="Deep research"
        description="Multi-step research on a hard question, written up as a report."
        upcoming={[
          "A research plan you can follow as it runs",
          "Several rounds of search and reading",
          "A structured report with every source cited",
        ]}
        {...(threadId ? { threadId } : {})}
      />
    </RequireSignIn>
  );
}
