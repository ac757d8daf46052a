import type { AgentFormField, AgentTool } from "@nexus/contracts";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClasses } from "@/components/ui/button.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { agentIcon } from "./agent-icons.ts";

/** What the chat knows of the agent: the catalogue's entry once loaded, contracts' line before. */
export interface AgentView {
  id: string;
  name: string;
  description: string;
  icon: string | undefined;
  starters: readonly string[];
  /** The structured helpers' fields (title-generator, email-response, letter-generator). */
  form: readonly AgentFormField[];
  /** False when the agent needs a model this server does not have. */
  available: boolean;
  /** The tools it may use (the composer's Tools menu switches them per chat). */
  tools: readonly AgentTool[];
  /** Drawn instead of the icon in the header (a custom agent's emoji on its colour). */
  avatar?: ReactNode;
}

/** The agent's icon (or avatar), name and description, its actions and the way back. */
export function AgentHeader({
  agent,
  backHref,
  backLabel,
  actions,
}: {
  agent: AgentView;
  backHref: string;
  backLabel: string;
  actions?: ReactNode;
}) {
  const Icon = agentIcon(agent.icon);
  return (
    <header className="mb-6 flex items-start gap-3">
      {agent.avatar ?? (
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-fg">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h1 className="text-xl font-semibold tracking-tight break-words sm:text-2xl">
          {agent.name}
        </h1>
        <p className="mt-0.5 text-sm text-muted">{agent.description}</p>
      </div>
      {actions}
      <Link
        to={backHref}
        className={buttonClasses({ variant: "ghost", size: "sm", className: "shrink-0" })}
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{backLabel}</span>
      </Link>
    </header>
  );
}

/** Before the first message: the agent's starter prompts, each sent with a click. */
export function Starters({
  agent,
  loading,
  disabled,
  onPick,
}: {
  agent: AgentView;
  loading: boolean;
  disabled: boolean;
  onPick: (text: string) => void;
}) {
  const t = useT();
  if (loading) {
    return (
      <div className="flex flex-wrap gap-2" aria-hidden="true">
        <Skeleton className="h-9 w-56 rounded-full" />
        <Skeleton className="h-9 w-44 rounded-full" />
        <Skeleton className="h-9 w-64 rounded-full" />
      </div>
    );
  }
  if (agent.starters.length === 0) return null;
  return (
    <section aria-labelledby="agent-starters-heading" className="flex flex-col gap-3">
      <h2 id="agent-starters-heading" className="text-sm font-medium text-muted">
        {agent.form.length > 0 ? t("agentChat.orExample") : t("home.tryAsking")}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {agent.starters.map((starter) => (
          <li key={starter} className="max-w-full">
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(starter)}
              data-testid="agent-starter"
              className="max-w-full rounded-2xl border border-border bg-surface px-3.5 py-2 text-left text-sm text-fg transition-colors hover:border-accent/50 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50"
            >
              {starter}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
