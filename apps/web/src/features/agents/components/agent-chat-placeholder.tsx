import { ArrowLeft, Bot } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { ComingSoon } from "@/components/ui/coming-soon.tsx";
import { Page } from "@/components/ui/page.tsx";
import { paths } from "@/config/paths.ts";

/** An agent chat screen before agent chats are released. */
export function AgentChatPlaceholder({
  title,
  description,
  threadId,
  upcoming,
}: {
  title: string;
  description: string;
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
        title="Agent chats are not available yet"
        description={
          threadId
            ? "This conversation cannot be opened yet: agent chats arrive in a later release of this Nexus server."
            : "Chatting with agents arrives in a later release of this Nexus server."
        }
        upcoming={upcoming}
      />
    </Page>
  );
}
