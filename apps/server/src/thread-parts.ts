import type { ThreadPart } from "./deps.ts";
import { removeWithThread as extractionThread } from "./modules/extraction/extraction.thread.ts";
import { removeWithThread } from "./modules/research/research.service.ts";

/**
 * What modules keep of a thread beside its history entries, removed when the thread is deleted
 * (history.service deleteThread calls each before deleting the entries, and knows no module): a
 * research's run, events, pages and results-list row; an extraction and its rows. A module with rows of its own per thread
 * adds one line here.
 */
export const THREAD_PARTS: readonly ThreadPart[] = [removeWithThread, extractionThread];
