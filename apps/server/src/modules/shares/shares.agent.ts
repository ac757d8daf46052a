import { type SharedAgent, sharedAgentSchema, sharedPartsSchema } from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as customAgents from "../custom-agents/custom-agents.service.ts";

/** What a reader is told when "Continue" would need a custom agent they cannot use. */
export const CUSTOM_AGENT_NOT_YOURS =
  "This conversation is with a custom agent you cannot use. Ask its owner for the agent's link, then continue.";

const CUSTOM_SUBJECT = /^custom:(.+)$/;

/** The custom agent's id of a subject "custom:<id>", else null. */
function customIdOf(subjectId: string): string | null {
  return CUSTOM_SUBJECT.exec(subjectId)?.[1] ?? null;
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
