import { useParams } from "react-router";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { ResearchScreen } from "@/features/research/components/research-screen.tsx";
import { ResearchStart } from "@/features/research/components/research-start.tsx";
import { AppNotFoundRoute } from "./not-found.tsx";

/** /app/agents/deepresearch(/:threadId): the start page, or one research (live, then its report). */
export function DeepResearchRoute() {
  const { threadId } = useParams();
  return (
    <RequireSignIn area="Deep research">
      {threadId ? (
        <ResearchScreen key={threadId} threadId={threadId} notFound={<AppNotFoundRoute />} />
      ) : (
        <ResearchStart />
      )}
    </RequireSignIn>
  );
}
