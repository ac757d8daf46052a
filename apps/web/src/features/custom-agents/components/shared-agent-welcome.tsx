import { BookOpen } from "lucide-react";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { isMissing, useSharedAgentPreview } from "../api/custom-agents.ts";
import { AgentAvatar } from "./agent-avatar.tsx";
import { InvalidShareLink } from "./invalid-share-link.tsx";

/**
 * A share link opened by someone not signed in: the agent's card (name, description, who shared
 * it, its starters) and a sign-in whose e-mailed link brings them back here, where the agent is
 * then theirs to use (AcceptShare).
 */
export function SharedAgentWelcome({
  token,
  onSignIn,
}: {
  token: string;
  /** Opens the sign-in dialog with this reason; its link is to open `returnTo` (this page). */
  onSignIn: (reason: string, returnTo: string) => void;
}) {
  const t = useT();
  const preview = useSharedAgentPreview(token);
  const { pathname } = useLocation();

  if (preview.isPending) {
    return (
      <div data-testid="shared-agent-loading" className="flex flex-col gap-3">
        <span role="status" className="sr-only">
          {t("spec.loading")}
        </span>
        <Skeleton className="h-16 w-16 rounded-2xl" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-full" />
      </div>
    );
  }
  if (preview.isError) {
    if (isMissing(preview.error)) return <InvalidShareLink />;
    return (
      <LoadError
        what={t("customAgents.sharedWhat")}
        error={preview.error}
        onRetry={() => void preview.refetch()}
      />
    );
  }
  const agent = preview.data;
  const signIn = () =>
    onSignIn(t("customAgents.welcome.signInReason", { name: agent.name }), pathname);
  return (
    <section
      aria-labelledby="shared-agent-name"
      data-testid="shared-agent-welcome"
      className="flex flex-col items-center gap-4 rounded-2xl border border-border bg-surface px-6 py-8 text-center shadow-xs"
    >
      <AgentAvatar emoji={agent.emoji} color={agent.color} size="lg" />
      <div className="flex flex-col gap-1">
        <h1 id="shared-agent-name" className="text-2xl font-semibold tracking-tight">
          {agent.name}
        </h1>
        <p className="text-sm text-muted">
          {t("customAgents.welcome.sharedBy", { owner: agent.ownerName })}
        </p>
      </div>
      {agent.description ? <p className="max-w-prose text-fg">{agent.description}</p> : null}
      {agent.knowledgeCount > 0 ? (
        <p className="flex items-center gap-1.5 text-sm text-muted">
          <BookOpen className="size-4" aria-hidden="true" />
          {t("customAgents.welcome.answersFrom", {
            count: agent.knowledgeCount,
            owner: agent.ownerName,
          })}
        </p>
      ) : null}
      {agent.starters.length > 0 ? (
        <div className="flex w-full flex-col gap-2">
          <h2 className="text-sm font-medium text-muted">{t("customAgents.welcome.tryAsking")}</h2>
          <ul className="flex flex-col gap-2">
            {agent.starters.map((starter) => (
              <li
                key={starter}
                className="rounded-xl border border-border px-3 py-2 text-left text-sm text-fg"
              >
                {starter}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button size="lg" onClick={signIn} data-testid="shared-agent-sign-in">
        {t("customAgents.welcome.signIn", { name: agent.name })}
      </Button>
      <p className="text-xs text-muted">{t("customAgents.welcome.signInNote")}</p>
    </section>
  );
}
