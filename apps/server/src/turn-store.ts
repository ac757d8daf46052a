import type { TurnStore } from "./deps.ts";
import { saveTurn } from "./modules/history/history.service.ts";

/**
 * Where the chat runtime saves every kind's turns (ARCHITECTURE.md §3.1 "the runtime owns the
 * save"): the history module, which owns every write to search_history. ai/chat never imports a
 * module; it is given this through deps.
 */
export const SAVE_TURN: TurnStore = (deps, { user, turn, replaces }) =>
  saveTurn({ deps, user, turn, replaces });
