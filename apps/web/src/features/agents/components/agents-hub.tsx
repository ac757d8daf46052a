import { PRESET_AGENT_IDS } from "@nexus/contracts";
import { Bot, ChevronRight, FileSearch, type LucideIcon, Telescope, Wrench } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths.ts";
import { presetAgentDescription, presetAgentName } from "./agent-names.ts";

const SPECIALISTS: ReadonlyArray<{ to: string; icon: LucideIcon; title: string; text: string }> = [
  {
    to: paths.app.deepResearch.href(),
    icon: Telescope,
    title: "Deep research",
    text: "Multi-step research with a written report.",
  },
  {
    to: paths.app.extraction.href(),
    icon: FileSearch,
    title: "Structured information extraction",
    text: "Pull fields and tables out of text and documents.",
  },
  {
    to: paths.app.customAgents.href(),
    icon: Wrench,
    title: "Custom agents",
    text: "Your own agents with their own instructions.",
  },
];

/** The agents hub: specialist agents and the preset catalogue. */
export function AgentsHub() {
  return (
    <div className="flex flex-col gap-10">
      <ul className="grid gap-3 md:grid-cols-3">
        {SPECIALISTS.map(({ to, icon: Icon, title, text }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-2xl border border-border bg-surface p-4 shadow-xs transition-colors hover:border-accent/50"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-fg">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-medium">{title}</span>
                <span className="mt-0.5 block text-sm text-muted">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <section aria-labelledby="preset-agents-heading">
        <h2 id="preset-agents-heading" className="text-base font-semibold">
          Preset agents
        </h2>
        <p className="mt-1 text-sm text-muted">
          Ready-made assistants for writing, learning, work and reflection. Chatting with them
          arrives in a coming release: each card says what the agent will do.
        </p>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {PRESET_AGENT_IDS.map((id) => (
            <li key={id}>
              <Link
                to={paths.app.presetAgent.href(id)}
                data-testid="preset-agent-card"
                className="flex h-full items-start gap-3 rounded-xl border border-border bg-surface px-3 py-3 text-sm transition-colors hover:border-accent/50 hover:bg-surface-2"
              >
                <Bot className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium text-fg">{presetAgentName(id)}</span>
                    <span className="rounded-full bg-surface-2 px-2 py-0.5 text-[0.6875rem] font-medium text-muted">
                      Coming soon
                    </span>
                  </span>
                  <span className="mt-1 block text-muted">{presetAgentDescription(id)}</span>
                </span>
                <ChevronRight className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
