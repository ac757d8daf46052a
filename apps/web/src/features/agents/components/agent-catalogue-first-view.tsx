import { AGENT_CATEGORIES, type AgentCatalogueEntry, type PresetAgentId } from "@nexus/contracts";
import { SearchInput } from "@/components/ui/search-input.tsx";
import { FirstViewEach, FirstViewIf, firstViewMarker } from "@/lib/first-view-markers.tsx";
import { useT } from "@/lib/i18n/i18n.ts";
import { AGENT_ICONS } from "./agent-icons.ts";
import { AGENT_GRID, AgentCard, CategoryChips, NeedsModelBadge } from "./agents-hub.tsx";

/**
 * The server's first view of the preset catalogue (src/app/first-views.tsx): AgentCatalogue's
 * markup with no search and every category, one card per record of `agentCards` (the recent
 * ones, `agentsRecent`, above them when there are any). A record's texts: id, name, description,
 * icon (a name of AGENT_ICONS) and needsModel ("1" when it needs the missing model).
 */
export const AGENT_CARD_FIELDS = ["agentCards", "agentsRecent"] as const;

function CardsOf({ field, testId }: { field: string; testId: string }) {
  const agent: AgentCatalogueEntry = {
    id: firstViewMarker(field, "id") as PresetAgentId,
    name: firstViewMarker(field, "name"),
    description: firstViewMarker(field, "description"),
    category: "everyday",
    icon: "",
    starters: [],
    tools: [],
    needsModel: false,
    available: true,
  };
  const icons = Object.entries(AGENT_ICONS).map(([name, Icon]) => (
    <FirstViewIf key={name} when={`${field}.icon=${name}`}>
      <Icon className="size-4" aria-hidden="true" />
    </FirstViewIf>
  ));
  return (
    <ul className={AGENT_GRID}>
      <FirstViewEach field={field}>
        <li>
          <AgentCard
            agent={agent}
            needsModelId=""
            testId={testId}
            icon={icons}
            badge={
              <FirstViewIf when={`${field}.needsModel`}>
                <NeedsModelBadge />
              </FirstViewIf>
            }
          />
        </li>
      </FirstViewEach>
    </ul>
  );
}

export function AgentCatalogueFirstView() {
  const t = useT();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <SearchInput
          label={t("agentsHub.searchLabel")}
          placeholder={t("agentsHub.searchPlaceholder")}
          value=""
          onChange={() => undefined}
          maxLength={100}
          className="sm:max-w-sm"
        />
        <CategoryChips categories={AGENT_CATEGORIES} value="all" onChange={() => undefined} />
      </div>
      <FirstViewIf when="agentsRecent">
        <section aria-labelledby="recent-agents-heading" data-testid="recent-agents">
          <h3 id="recent-agents-heading" className="mb-2 text-sm font-medium text-muted">
            {t("agentsHub.recent")}
          </h3>
          <CardsOf field="agentsRecent" testId="recent-agent-card" />
        </section>
      </FirstViewIf>
      <section aria-labelledby="all-agents-heading">
        {/* Its heading is only for screen readers unless the recent ones stand above it. */}
        <FirstViewIf when="!agentsRecent">
          <h3 id="all-agents-heading" className="mb-2 text-sm font-medium text-muted sr-only">
            {t("agentsHub.all")}
          </h3>
        </FirstViewIf>
        <FirstViewIf when="agentsRecent">
          <h3 id="all-agents-heading" className="mb-2 text-sm font-medium text-muted">
            {t("agentsHub.all")}
          </h3>
        </FirstViewIf>
        <CardsOf field="agentCards" testId="preset-agent-card" />
      </section>
    </div>
  );
}
