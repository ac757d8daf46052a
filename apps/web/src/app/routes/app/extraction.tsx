import { useParams } from "react-router";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { ExtractionScreen } from "@/features/extraction/components/extraction-screen.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** /app/agents/structured-information-extraction(/:threadId) */
export function ExtractionRoute() {
  const { threadId } = useParams();
  const t = useT();
  return (
    <RequireSignIn area={t("extraction.title")}>
      <ExtractionScreen {...(threadId ? { id: threadId } : {})} />
    </RequireSignIn>
  );
}
