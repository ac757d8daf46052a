import { isPresetAgentId } from "@nexus/contracts";
import type { Context } from "hono";
import { presetAgent } from "./ai/agents/presets.ts";
import type { AppEnv, Deps } from "./deps.ts";
import { documentChatValues } from "./first-view.document.ts";
import { AppError } from "./lib/errors.ts";
import * as threads from "./modules/threads/threads.service.ts";
import type { FirstViewSource, FirstViewValues } from "./static.ts";

/** `/app/search/<slug>-<threadId>`: a saved thread's page (apps/web/src/config/paths.ts). */
const THREAD_PAGE = /^\/app\/search\/([^/]+)\/?$/;
/** `/app/agents/<agentId>`: a new chat with a preset agent. */
const AGENT_PAGE = /^\/app\/agents\/([^/]+)\/?$/;

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

/**
 * What an /app page's first view (apps/web/src/app/first-views.tsx) shows for this request, from
 * the session (the session middleware ran): nothing for an anonymous visitor; for a signed-in
 * person "signedIn" and their first name; on a preset agent's new chat, the agent and its starters;
 * on a new chat over one of their documents, its name; on one of their saved threads, its first
 * question and answer. Someone else's thread, or one that
 * is not there, shows nothing of it.
 */
export function firstViewSource(deps: Deps): FirstViewSource {
  return async (c: Context<AppEnv>, pathname: string) => {
    const user = c.get("user");
    if (!user) return {};
    const values: FirstViewValues = { signedIn: "1" };
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
