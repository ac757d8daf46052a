import {
  AGENT_CATEGORIES,
  AGENT_NEEDS_MODEL_HOW_TO,
  type AgentCatalogueEntry,
  type AgentCategory,
  type AgentsResponse,
} from "@nexus/contracts";
import { clsx } from "clsx";
import { ChevronRight, SearchX } from "lucide-react";
import { type ReactNode, useDeferredValue, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { ToggleChips } from "@/components/ui/toggle-chips.tsx";
import { paths } from "@/config/paths.ts";
import { t, useT } from "@/lib/i18n/i18n.ts";
import { useAgents } from "../api/get-agents.ts";
import { agentIcon } from "./agent-icons.ts";
import { filterSpecialists, matches, SpecialistGrid, Specialists } from "./specialists.tsx";

/** The hub's name of each category, in the interface language. */
export const categoryLabel = (category: AgentCategory) => t(`agentsHub.category.${category}`);

type CategoryFilter = AgentCategory | "all";

/** The cards' grid. */
export const AGENT_GRID = "grid gap-2 sm:grid-cols-2 lg:grid-cols-3";

/**
 * The agents whose name, description or capabilities (keywords) hold every word of the search
 * (any case), in the chosen category.
 */
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
        matches(needle, [agent.name, agent.description, ...(agent.keywords ?? [])])),
  );
}

const isCategory = (value: string | null): value is AgentCategory =>
  (AGENT_CATEGORIES as readonly string[]).includes(value ?? "");

/** The mark on an agent that needs the language model this server lacks. */
export function NeedsModelBadge() {
  const t = useT();
  return (
    <span
      title={AGENT_NEEDS_MODEL_HOW_TO}
      data-testid="agent-needs-model-badge"
      className="rounded-full border border-warning/40 bg-warning-soft px-2 py-0.5 text-[0.6875rem] font-medium text-warning"
    >
      {t("agentsHub.needsModel")}
    </span>
  );
}

export function AgentCard({
  agent,
  needsModelId,
  testId,
  icon,
  badge,
}: {
  agent: AgentCatalogueEntry;
  testId: string;
  /** The id of the hub's how-to text, describing cards of agents without their model. */
  needsModelId: string;
  /** In place of the agent's icon, and of its mark (the server's first view chooses them). */
  icon?: ReactNode;
  badge?: ReactNode;
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
        {icon ?? <Icon className="size-4" aria-hidden="true" />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {/* The agents' names and descriptions come from the server in English (dir: they read
              left to right on a right-to-left page). */}
          <span className="font-medium text-fg" dir="auto">
            {agent.name}
          </span>
          {badge !== undefined ? badge : agent.available ? null : <NeedsModelBadge />}
        </span>
        <span className="mt-1 block text-muted" dir="auto">
          {agent.description}
        </span>
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
    <ul className={AGENT_GRID}>
      {agents.map((agent) => (
        <li key={agent.id}>
          <AgentCard agent={agent} needsModelId={needsModelId} testId={testId} />
        </li>
      ))}
    </ul>
  );
}

export function CategoryChips({
  categories,
  value,
  onChange,
}: {
  categories: readonly AgentCategory[];
  value: CategoryFilter;
  onChange: (value: CategoryFilter) => void;
}) {
  useT();
  const options: ReadonlyArray<{ value: CategoryFilter; label: string }> = [
    { value: "all", label: t("agentsHub.category.all") },
    ...categories.map((category) => ({ value: category, label: categoryLabel(category) })),
  ];
  return (
    <ToggleChips
      label={t("agentsHub.categories")}
      options={options}
      value={value}
      onChange={onChange}
      // One line that scrolls sideways on a phone, so the cards stay on the first screen.
      className="-mx-4 flex-nowrap overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
    />
  );
}

/** The preset catalogue: search, category chips, recently used, and the cards. */
export function AgentCatalogue({ data }: { data: AgentsResponse }) {
  const t = useT();
  const [search, setSearch] = useState("");
  // The chosen category lives in the URL (?category=code): a link or a reload keeps it.
  const [params, setParams] = useSearchParams();
  const chosen = params.get("category");
  const categories = AGENT_CATEGORIES.filter((c) => data.agents.some((a) => a.category === c));
  const category: CategoryFilter =
    isCategory(chosen) && categories.includes(chosen) ? chosen : "all";
  const setCategory = (next: CategoryFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === "all") updated.delete("category");
        else updated.set("category", next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  const needsModelId = useId();
  const shown = filterAgents(data.agents, search, category);
  const specialists = filterSpecialists(search);
  const filtering = search.trim() !== "" || category !== "all";
  const byId = new Map(data.agents.map((agent) => [agent.id, agent]));
  const recent = data.recent.flatMap((id) => byId.get(id) ?? []);
  const anyUnavailable = data.agents.some((agent) => !agent.available);

  return (
    <div className="flex flex-col gap-5">
      {anyUnavailable ? (
        <p id={needsModelId} className="sr-only">
          {t("agentsHub.needsModelWhy", { why: data.needsModel || AGENT_NEEDS_MODEL_HOW_TO })}
        </p>
      ) : null}
      <div className="flex flex-col gap-3">
        <SearchInput
          label={t("agentsHub.searchLabel")}
          placeholder={t("agentsHub.searchPlaceholder")}
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
            {t("agentsHub.recent")}
          </h3>
          <AgentGrid agents={recent} needsModelId={needsModelId} testId="recent-agent-card" />
        </section>
      ) : null}
      {specialists.length > 0 ? (
        <section aria-labelledby="specialist-matches-heading" data-testid="specialist-matches">
          <h3 id="specialist-matches-heading" className="mb-2 text-sm font-medium text-muted">
            {t("agentsHub.alsoInNexus")}
          </h3>
          <SpecialistGrid specialists={specialists} compact={false} />
        </section>
      ) : null}
      {shown.length > 0 ? (
        <section aria-labelledby="all-agents-heading">
          <h3
            id="all-agents-heading"
            className={clsx(
              "mb-2 text-sm font-medium text-muted",
              !recent.length && !specialists.length && "sr-only",
            )}
          >
            {category === "all" ? t("agentsHub.all") : categoryLabel(category)}
          </h3>
          <AgentGrid agents={shown} needsModelId={needsModelId} />
        </section>
      ) : specialists.length > 0 ? null : (
        <EmptyState
          icon={SearchX}
          title={
            search.trim()
              ? t("agentsHub.noMatch", { search: search.trim() })
              : t("agentsHub.noneInCategory")
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
            {t("agentsHub.showAll")}
          </Button>
        </EmptyState>
      )}
    </div>
  );
}

function CatalogueSkeleton() {
  const t = useT();
  return (
    <div className="flex flex-col gap-5" data-testid="agents-loading">
      <span className="sr-only" role="status">
        {t("agentsHub.loading")}
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

export function PresetAgentsSection({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <section aria-labelledby="preset-agents-heading">
      <h2 id="preset-agents-heading" className="mb-3 text-base font-semibold sm:mb-0">
        {t("agentsHub.presetTitle")}
      </h2>
      <p className="mt-1 mb-4 hidden text-sm text-muted sm:block">{t("agentsHub.presetIntro")}</p>
      {children}
    </section>
  );
}

function PresetAgents() {
  const t = useT();
  const query = useAgents();
  // The catalogue (every agent's card) is drawn in a transition once the agents arrive, in slices
  // the browser can paint and take input between; the skeleton stays until it is ready.
  const data = useDeferredValue(query.data);
  return (
    <PresetAgentsSection>
      {query.isError ? (
        <LoadError
          what={t("agentsHub.loadWhat")}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
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
    <div className="flex flex-col gap-6 sm:gap-10">
      <Specialists />
      <PresetAgents />
    </div>
  );
}

/** The hub before its code and the catalogue have arrived (the server's first view). */
export function AgentsHubFirstView({ catalogue }: { catalogue?: ReactNode }) {
  return (
    <div className="flex flex-col gap-6 sm:gap-10">
      <Specialists />
      <PresetAgentsSection>{catalogue ?? <CatalogueSkeleton />}</PresetAgentsSection>
    </div>
  );
}
