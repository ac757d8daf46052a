import { useParams } from "react-router";
import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { BookmarkButton } from "@/features/library/components/bookmark-button.tsx";
import { ResearchScreen } from "@/features/research/components/research-screen.tsx";
import { ResearchStart } from "@/features/research/components/research-start.tsx";
import { ShareButton } from "@/features/shares/components/share-button.tsx";
import { QuotaUpFront } from "@/features/usage/components/quota-up-front.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { AppNotFoundRoute } from "./not-found.tsx";

/** /app/agents/deepresearch(/:threadId): the start page, or one research (live, then its report). */
export function DeepResearchRoute() {
  const { threadId } = useParams();
  const t = useT();
  return (
    <RequireSignIn area={t("kinds.research")}>
      {threadId ? (
        <ResearchScreen
          key={threadId}
          threadId={threadId}
          notFound={<AppNotFoundRoute />}
          entryActions={(entry) => (
            <>
              <BookmarkButton threadId={entry.threadId} entryId={entry.entryId} />
              <ShareButton threadId={entry.threadId} entryId={entry.entryId} />
            </>
          )}
        />
      ) : (
        <ResearchStart
          quotaLeft={<QuotaUpFront counter="agentUsage" uses={t("research.quota.uses")} />}
        />
      )}
    </RequireSignIn>
  );
}
