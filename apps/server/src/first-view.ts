import {
  type AgentCatalogueEntry,
  isPresetAgentId,
  languageFromAcceptLanguage,
} from "@nexus/contracts";
import type { Context } from "hono";
import { presetAgent } from "./ai/agents/presets.ts";
import type { AppEnv, Deps, SessionUser } from "./deps.ts";
import { discoverValues } from "./first-view.discover.ts";
import { documentChatValues } from "./first-view.document.ts";
import { researchFirstView } from "./first-view.research.ts";
import { AppError } from "./lib/errors.ts";
import * as agents from "./modules/agents/agents.service.ts";
import type { DiscoverFeed } from "./modules/discover/discover.service.ts";
import * as threads from "./modules/threads/threads.service.ts";
import * as users from "./modules/users/users.service.ts";
import type { FirstViewRecord, FirstViewSource, FirstViewValues } from "./static.ts";

/** `/app/search/<slug>-<threadId>`: a saved thread's page (apps/web/src/config/paths.ts). */
const THREAD_PAGE = /^\/app\/search\/([^/]+)\/?$/;
/** `/app/agents/<agentId>`: a new chat with a preset agent. */
const AGENT_PAGE = /^\/app\/agents\/([^/]+)\/?$/;
/** `/app/discover`: the public feed. */
const DISCOVER_PAGE = /^\/app\/discover\/?$/;
/** `/app/agents`: the agents hub. */
const AGENTS_HUB = /^\/app\/agents\/?$/;

function threadIdOf(pathname: string): string | null {
  const segment = THREAD_PAGE.exec(pathname)?.[1];
  if (segment === undefined) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return decoded.slice(decoded.lastIndexOf("-") + 1) || null;
}

/** The hub's cards (agent-catalogue-first-view.tsx): every preset agent's, and the recent ones. */
async function agentCards(deps: Deps, user: SessionUser): Promise<FirstViewValues> {
  const { agents: all, recent } = await agents.catalogue({ deps, user });
  const card = (agent: AgentCatalogueEntry): FirstViewRecord => ({
    id: agent.id,
    name: agent.name,
    description: agent.description,
    icon: agent.icon,
    needsModel: agent.available ? "" : "1",
  });
  const byId = new Map(all.map((agent) => [agent.id, agent]));
  return {
    agentCards: all.map(card),
    agentsRecent: recent.flatMap((id) => {
      const agent = byId.get(id);
      return agent ? [card(agent)] : [];
    }),
  };
}

/**
 * What an /app page's first view (apps/web/src/app/first-views.tsx) shows for this request, and
 * in which language, from the session (the session middleware ran). For anyone: Discover's feed.
 * For a signed-in person also "signedIn" and their first name; on a preset agent's new chat, the
 * agent and its starters; on the agents hub, every preset agent's card; on a new chat over one of
 * their documents, its name; on a finished research of theirs, its report; on one of their saved
 * threads, its first question and answer. Someone else's thread, or one that is not there, shows
 * nothing of it.
 */
export function firstViewSource(deps: Deps, discover?: DiscoverFeed): FirstViewSource {
  return async (c: Context<AppEnv>, pathname: string) => {
    const user = c.get("user");
    // In the person's interface language (Settings → Language), else their browser's, as the app
    // starts in it (public/theme-init.js, lib/i18n).
    const browser = languageFromAcceptLanguage(c.req.header("accept-language"));
    const locale = (user ? await users.uiLanguageOf(deps, user.id) : null) ?? browser ?? "en";
    // Discover is public: anyone's.
    const feed =
      discover && DISCOVER_PAGE.test(pathname)
        ? await discoverValues(deps, discover, c.req.query("topic"), locale)
        : {};
    if (!user) return { locale, ...feed };
    const values: FirstViewValues = { locale, signedIn: "1", ...feed };
    const firstName = user.name.split(" ")[0];
    if (firstName) values.firstName = firstName;
    const agentId = AGENT_PAGE.exec(pathname)?.[1];
    const agent = agentId !== undefined && isPresetAgentId(agentId) ? presetAgent(agentId) : null;
    // Its starters as the chat shows them first: not for a form, nor when it cannot run here.
    if (
      agent &&
      !agent.form &&
      agent.starters.length > 0 &&
      (deps.models.configured || !agent.needsModel)
    ) {
      values.agentName = agent.name;
      values.agentDescription = agent.description;
      values.agentStarters = agent.starters;
    }
    if (AGENTS_HUB.test(pathname)) Object.assign(values, await agentCards(deps, user));
    Object.assign(values, await researchFirstView(deps, c, user, pathname));
    Object.assign(values, await documentChatValues(deps, user, new URL(c.req.url)));
    const threadId = threadIdOf(pathname);
    if (threadId === null) return values;
    try {
      const first = (await threads.thread({ deps, user, threadId })).entries[0];
      if (first && first.results.markdown.trim() !== "") {
        values.question = first.query;
        values.answer = first.results.markdown;
      }
    } catch (error) {
      // Not found (or not theirs): the page shows its loading frame, and the app says so.
      if (!(error instanceof AppError))
        deps.logger.warn({ rid: c.get("requestId"), err: error }, "first view: thread not read");
    }
    return values;
  };
}
