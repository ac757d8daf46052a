import { PRESET_AGENT_INFO, type PresetAgentId } from "@nexus/contracts";

/** A preset agent's display name (contracts' catalogue, shared with the landing page). */
export function presetAgentName(id: PresetAgentId): string {
  return PRESET_AGENT_INFO[id].name;
}

/** What a preset agent does, in one line. */
export function presetAgentDescription(id: PresetAgentId): string {
  return PRESET_AGENT_INFO[id].description;
}
