import { ArrowLeft, Bot } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { Page } from "@/components/ui/page.tsx";
import { paths } from "@/config/paths.ts";

/**
 * A specialist agent's screen (deep research, extraction) before its capability is released: the
 * agent chats themselves are there, this one is not yet.
 */
export function SpecialistPlaceholder({
  title,
  description,
  capability,
  threadId,
  upcoming,
}: {
  title: string;
  description: string;
  /** What is missing, as a sentence's subject ("Deep research"). */
  capability: string;
  threadId?: string;
  upcoming?: readonly string[];
}) {
  return (
    <Page
      title={title}
      description={description}
      actions={
        <Link
          to={paths.app.agents.href()}
          className={buttonClasses({ variant: "ghost", size: "sm" })}
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          All agents
        </Link>
      }
    >
      <ComingSoon
        icon={Bot}
        title={`${capability} is not available yet`}
        description={
          threadId
            ? `This conversation cannot be opened yet: ${capability.toLowerCase()} arrives in a later release of this Nexus server.`
            : `${capability} arrives in a later release of this Nexus server.`
        }
        upcoming={upcoming}
      />
    </Page>
  );
}
