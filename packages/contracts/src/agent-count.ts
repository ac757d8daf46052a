/**
 * How many preset agents there are, without their list (agents.ts): the landing page says it in
 * its first screen, whose JS has a budget (bench/initial-js.ts). zod-free.test.ts keeps it equal
 * to PRESET_AGENT_IDS.length.
 */
export const PRESET_AGENT_COUNT = 43;
