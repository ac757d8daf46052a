import {
  CITATION_CHECKS_PART,
  customAgentSubject,
  isPresetAgentId,
  PRESET_AGENT_INFO,
  type SharedAgent,
  sharedAgentSchema,
  sharedPartsSchema,
  storedPartsOf,
} from "@nexus/contracts";
import { presetAgent } from "../../ai/agents/presets.ts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as customAgents from "../custom-agents/custom-agents.service.ts";
import type { HistoryRow } from "./shares.repo.ts";

/** What a reader is told when "Continue" would need a custom agent they cannot use. */
export const CUSTOM_AGENT_NOT_YOURS =
  "This conversation is with a custom agent you cannot use. Ask its owner for the agent's link, then continue.";

const CUSTOM_SUBJECT = /^custom:(.+)$/;

/** The custom agent's id of a subject "custom:<id>", else null. */
function customIdOf(subjectId: string): string | null {
  return CUSTOM_SUBJECT.exec(subjectId)?.[1] ?? null;
}

/**
 * The agent of a history entry as a share keeps it (undefined for answers): a preset's name, or a
 * custom agent's name, emoji and colour as the sharer sees it ("Custom agent" once it is gone).
 */
export async function sharedAgentOf(
  deps: Deps,
  user: SessionUser,
  row: Pick<HistoryRow, "kind" | "subjectId">,
): Promise<SharedAgent | undefined> {
  if (row.kind !== "agent" || !row.subjectId) return undefined;
  const agentId = row.subjectId;
  if (isPresetAgentId(agentId)) {
    const icon = presetAgent(agentId)?.icon;
    return { agentId, name: PRESET_AGENT_INFO[agentId].name, ...(icon ? { icon } : {}) };
  }
  const customId = customIdOf(agentId);
  if (!customId) return undefined;
  const label = await customAgents.shareLabel(deps, user, customId);
  return label
    ? { agentId: customAgentSubject(customId), ...label }
    : { agentId: customAgentSubject(customId), name: "Custom agent" };
}

/**
 * An agent, document chat or research reply's saved parts (each an object with a type; a document
 * reply's or a report's checked citations among them), or undefined for answers (a share keeps an answer's results; its
 * copy is restored from them).
 */
export function sharedPartsOf(row: Pick<HistoryRow, "kind" | "parts">) {
  // An answer shares its content and sources; of its parts, only its citation checks (issue 38).
  if (row.kind === "answer") {
    const checks = storedPartsOf(row.parts)?.filter((p) => p.type === CITATION_CHECKS_PART);
    return checks && checks.length > 0 ? checks : undefined;
  }
  if (row.kind !== "agent" && row.kind !== "document" && row.kind !== "research") return undefined;
  return storedPartsOf(row.parts) ?? undefined;
}

/** A stored agent (JSON: validated, never trusted blindly). */
export function storedAgent(value: unknown): SharedAgent | undefined {
  const parsed = sharedAgentSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function storedParts(value: unknown) {
  const parsed = sharedPartsSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Before a copy goes on with `agent`: a custom agent must be one the reader can use, else they are
 * told so plainly and nothing is copied.
 */
export async function checkCanContinue(
  deps: Deps,
  user: SessionUser,
  agent: SharedAgent | undefined,
): Promise<void> {
  const customId = agent ? customIdOf(agent.agentId) : null;
  if (customId && !(await customAgents.canUse(deps, user, customId)))
    throw new AppError("forbidden", CUSTOM_AGENT_NOT_YOURS);
}
