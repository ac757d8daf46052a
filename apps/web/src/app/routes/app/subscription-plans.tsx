import { RequireSignIn } from "@/features/auth/components/require-sign-in.tsx";
import { SubscriptionPlans } from "@/features/usage/components/subscription-plans.tsx";
import { useSession } from "@/lib/session.tsx";

export function SubscriptionPlansRoute() {
  const { tier } = useSession();
  return (
    <RequireSignIn area="Plans">
      <SubscriptionPlans currentTier={tier} />
    </RequireSignIn>
  );
}
