import { useParams } from "react-router";
import { SpecialistPlaceholder } from "@/features/agents/components/specialist-placeholder.tsx";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";

/** /app/agents/structured-information-extraction(/:threadId) */
export function ExtractionRoute() {
  const { threadId } = useParams();
  return (
    <RequireSignIn area="Structured information extraction">
      <SpecialistPlaceholder
        capability="Structured information extraction"
        title="Structured information extraction"
        description="Turn text and documents into fields and tables."
        upcoming={["Describe the fields you need", "Export the results as a table"]}
        {...(threadId ? { threadId } : {})}
      />
    </RequireSignIn>
  );
}
