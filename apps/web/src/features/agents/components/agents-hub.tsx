import {
  AGENT_CATEGORIES,
  AGENT_NEEDS_MODEL_HOW_TO,
  type AgentCatalogueEntry,
  type AgentCategory,
  type AgentsResponse,
} from "@nexus/contracts";
import { clsx } from "clsx";
import {
  ChevronRight,
  FileSearch,
  type LucideIcon,
  SearchX,
  Telescope,
  Wrench,
} from "lucide-react";
import { type ReactNode, useDeferredValue, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { ToggleChips } from "@/components/ui/toggle-chips.tsx";
import { paths } from "@/config/paths.ts";
import { useAgents } from "../api/get-agents.ts";
import { agentIcon } from "./agent-icons.ts";

const SPECIALISTS: ReadonlyArray<{ to: string; icon: LucideIcon; title: string; text: string }> = [
  {
    to: paths.app.deepResearch.href(),
    icon: Telescope,
    title: "Deep research",
    text: "A plan you can edit, live searching and reading, and a report with checked citations.",
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

/** The hub's name of each category. */
export const AGENT_CATEGORY_LABELS: Record<AgentCategory, string> = {
  everyday: "Everyday",
  writing: "Writing",
  learning: "Learning",
  work: "Work",
  research: "Research",
  code: "Code",
  wellbeing: "Wellbeing",
  thinking: "Thinking",
  creative: "Creative",
};

type CategoryFilter = AgentCategory | "all";

/** The agents whose name or description holds the search (any case), in the chosen category. */
export function filterAgents(
  agents: readonly AgentCatalogueEntry[],
  search: string,
  category: CategoryFilter,
): AgentCatalogueEntry[] {
  const needle = search.trim().toLocaleLowerCase();
  return agents.filter(
    (agent) =>
      (category === "all" || agent.category === category) &&
      (needle === "" ||
        agent.name.toLocaleLowerCase().includes(needle) ||
        agent.description.toLocaleLowerCase().includes(needle)),
  );
}

function AgentCard({
  agent,
  needsModelId,
  testId,
}: {
  agent: AgentCatalogueEntry;
  testId: string;
  /** The id of the hub's how-to text, describing cards of agents without their model. */
  needsModelId: string;
}) {
  const Icon = agentIcon(agent.icon);
  return (
    <Link
      to={paths.app.presetAgent.href(agent.id)}
      data-testid={testId}
      data-agent-id={agent.id}
      aria-describedby={agent.available ? undefined : needsModelId}
      className="flex h-full items-start gap-3 rounded-xl border border-border bg-surface px-3 py-3 text-sm transition-colors hover:border-accent/50 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent-soft-fg">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-fg">{agent.name}</span>
          {agent.available ? null : (
            <span
              title={AGENT_NEEDS_MODEL_HOW_TO}
              data-testid="agent-needs-model-badge"
              className="rounded-full border border-warning/40 bg-warning-soft px-2 py-0.5 text-[0.6875rem] font-medium text-warning"
            >
              Needs a model
            </span>
          )}
        </span>
        <span className="mt-1 block text-muted">{agent.description}</span>
      </span>
      <ChevronRight className="mt-1.5 size-4 shrink-0 text-subtle" aria-hidden="true" />
    </Link>
  );
}

function AgentGrid({
  agents,
  needsModelId,
  testId = "preset-agent-card",
}: {
  agents: readonly AgentCatalogueEntry[];
  needsModelId: string;
  testId?: string;
}) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {agents.map((agent) => (
        <li key={agent.id}>
          <AgentCard agent={agent} needsModelId={needsModelId} testId={testId} />
        </li>
      ))}
    </ul>
  );
}

function CategoryChips({
  categories,
  value,
  onChange,
}: {
  categories: readonly AgentCategory[];
  value: CategoryFilter;
  onChange: (value: CategoryFilter) => void;
}) {
  const options: ReadonlyArray<{ value: CategoryFilter; label: string }> = [
    { value: "all", label: "All" },
    ...categories.map((category) => ({ value: category, label: AGENT_CATEGORY_LABELS[category] })),
  ];
  return <ToggleChips label="Categories" options={options} value={value} onChange={onChange} />;
}

/** The preset catalogue: search, category chips, recently used, and the cards. */
export function AgentCatalogue({ data }: { data: AgentsResponse }) {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<CategoryFilter>("all");
  const needsModelId = useId();
  const categories = AGENT_CATEGORIES.filter((c) => data.agents.some((a) => a.category === c));
  const shown = filterAgents(data.agents, search, category);
  const filtering = search.trim() !== "" || category !== "all";
  const byId = new Map(data.agents.map((agent) => [agent.id, agent]));
  const recent = data.recent.flatMap((id) => byId.get(id) ?? []);
  const anyUnavailable = data.agents.some((agent) => !agent.available);

  return (
    <div className="flex flex-col gap-5">
      {anyUnavailable ? (
        <p id={needsModelId} className="sr-only">
          Needs a model: {data.needsModel || AGENT_NEEDS_MODEL_HOW_TO}
        </p>
      ) : null}
      <div className="flex flex-col gap-3">
        <SearchInput
          label="Search agents"
          placeholder="Search agents…"
          value={search}
          onChange={setSearch}
          maxLength={100}
          className="sm:max-w-sm"
        />
        <CategoryChips categories={categories} value={category} onChange={setCategory} />
      </div>
      {recent.length > 0 && !filtering ? (
        <section aria-labelledby="recent-agents-heading" data-testid="recent-agents">
          <h3 id="recent-agents-heading" className="mb-2 text-sm font-medium text-muted">
            Recently used
          </h3>
          <AgentGrid agents={recent} needsModelId={needsModelId} testId="recent-agent-card" />
        </section>
      ) : null}
      {shown.length > 0 ? (
        <section aria-labelledby="all-agents-heading">
          <h3
            id="all-agents-heading"
            className={clsx("mb-2 text-sm font-medium text-muted", !recent.length && "sr-only")}
          >
            {category === "all" ? "All agents" : AGENT_CATEGORY_LABELS[category]}
          </h3>
          <AgentGrid agents={shown} needsModelId={needsModelId} />
        </section>
      ) : (
        <EmptyState
          icon={SearchX}
          title={
            search.trim() ? `No agents match “${search.trim()}”` : "No agents in this category"
          }
          testId="agents-no-match"
        >
          <Button
            variant="outline"
            onClick={() => {
              setSearch("");
              setCategory("all");
            }}
          >
            Show all agents
          </Button>
        </EmptyState>
      )}
    </div>
  );
}

function CatalogueSkeleton() {
  return (
    <div className="flex flex-col gap-5" data-testid="agents-loading">
      <span className="sr-only" role="status">
        Loading agents…
      </span>
      <Skeleton className="h-10 w-full rounded-lg sm:max-w-sm" />
      <div className="flex flex-wrap gap-2">
        {["w-12", "w-20", "w-16", "w-24", "w-14"].map((width) => (
          <Skeleton key={width} className={clsx("h-8 rounded-full", width)} />
        ))}
      </div>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 9 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <Skeleton key={index} className="h-20 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

function PresetAgentsSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="preset-agents-heading">
      <h2 id="preset-agents-heading" className="text-base font-semibold">
        Preset agents
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">
        Ready-made assistants for writing, learning, work and reflection. Pick one to start a
        conversation.
      </p>
      {children}
    </section>
  );
}

function PresetAgents() {
  const query = useAgents();
  // The catalogue (every agent's card) is drawn in a transition once the agents arrive, in slices
  // the browser can paint and take input between; the skeleton stays until it is ready.
  const data = useDeferredValue(query.data);
  return (
    <PresetAgentsSection>
      {query.isError ? (
        <LoadError what="The agents" error={query.error} onRetry={() => void query.refetch()} />
      ) : data === undefined ? (
        <CatalogueSkeleton />
      ) : (
        <AgentCatalogue data={data} />
      )}
    </PresetAgentsSection>
  );
}

/** The agents hub: specialist agents and the preset catalogue. */
export function AgentsHub() {
  return (
    <div className="flex flex-col gap-10">
      <Specialists />
      <PresetAgents />
    </div>
  );
}

/** The hub before its code and the catalogue have arrived (the server's first view). */
export function AgentsHubFirstView() {
  return (
    <div className="flex flex-col gap-10">
      <Specialists />
      <PresetAgentsSection>
        <CatalogueSkeleton />
      </PresetAgentsSection>
    </div>
  );
}

function Specialists() {
  return (
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
  );
}
