import { Suspense, useMemo, useState } from "react";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { useSession } from "@/lib/session.tsx";
import { hasSessionThreads } from "../lib/session-threads-stored.ts";

// Only a tab that kept anonymous threads needs the offer (and the contracts it checks them with).
const LazySaveThreadOffer = lazyComponent(() =>
  import("./save-thread-offer.tsx").then((m) => m.SaveThreadOffer),
);

/**
 * Offered once after signing in: save every thread this tab kept while the visitor was anonymous
 * (finished and stopped turns) into the new account (POST /api/history/import, one per thread),
 * then link to them.
 */
export function SaveThreadNotice() {
  const userId = useSession().user?.id ?? null;
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  // Looked at when someone signs in; the decision is kept in sessionStorage so it is asked once.
  const stored = useMemo(() => userId !== null && hasSessionThreads(), [userId]);
  if (userId === null || !stored || dismissedFor === userId) return null;
  return (
    <Suspense fallback={null}>
      <LazySaveThreadOffer key={userId} onDone={() => setDismissedFor(userId)} />
    </Suspense>
  );
}
