import { useParams } from "react-router";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { ExtractionScreen } from "@/features/extraction/components/extraction-screen.tsx";

/** /app/agents/structured-information-extraction(/:threadId) */
export function ExtractionRoute() {
  const { threadId } = useParams();
  return (
    <RequireSignIn area="Structured information extraction">
      <ExtractionScreen {...(threadId ? { id: threadId } : {})} />
    </RequireSignIn>
  );
}
