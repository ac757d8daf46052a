import { Link2Off } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "@/components/ui/empty-state.tsx";

/** A share link whose agent is no longer shared (or never was), with an optional way on. */
export function InvalidShareLink({ children }: { children?: ReactNode }) {
  return (
    <EmptyState
      icon={Link2Off}
      title="This link is not valid any more"
      description="Its owner may have stopped sharing the agent. Ask them for a new link."
      testId="share-link-invalid"
    >
      {children}
    </EmptyState>
  );
}
