import type { PersonalSettingsReader } from "./deps.ts";
import { personalPrompt } from "./modules/users/users.service.ts";

/**
 * Where the chat runtime reads a person's settings (ARCHITECTURE.md §3.1: the runtime adds them to
 * every kind's system message): the users module, which owns them. ai/chat never imports a module;
 * it is given this through deps.
 */
export const PERSONAL_SETTINGS: PersonalSettingsReader = (deps, userId) =>
  personalPrompt(deps, userId);
