import { Link2Off } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { useT } from "@/lib/i18n/i18n.ts";

/** A share link whose agent is no longer shared (or never was), with an optional way on. */
export function InvalidShareLink({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <EmptyState
      icon={Link2Off}
      title={t("customAgents.invalidTitle")}
      description={t("customAgents.invalidText")}
      testId="share-link-invalid"
    >
      {children}
    </EmptyState>
  );
}
