import type { LanguageCode } from "@nexus/contracts";
import { detectLanguage } from "../chat/language-detect.ts";
import {
  NEEDS_MODEL_WORDS,
  type NeedsModelReason,
  type NeedsModelWords,
} from "./needs-model-words.ts";

export type { NeedsModelReason };

/**
 * What the offline engine says when it cannot answer by quoting: no sources, nothing in them
 * about the question, or a request that needs generation (writing focus).
 */

/** The knowledge-base guide on connecting a model (content/blog/connecting-a-model.md). */
export const MODEL_GUIDE_URL = "/blog/connecting-a-model";

/** What the engine searched before it gave up: the question and the titles it read. */
export interface Searched {
  question: string;
  titles: readonly string[];
}

/** The guide on search providers (content/blog/search-providers.md). */
export const SEARCH_GUIDE_URL = "/blog/search-providers";

const MAX_TITLES = 4;

function searchedLine(words: NeedsModelWords, what: Searched | undefined): string {
  if (!what) return "";
  const asked = what.question.replace(/\s+/g, " ").trim().slice(0, 200);
  if (what.titles.length === 0) return `\n\n${words.foundNothing(asked)}`;
  const titles = what.titles.slice(0, MAX_TITLES).map((t) => `“${t}”`);
  const more = Math.max(0, what.titles.length - MAX_TITLES);
  return `\n\n${words.noneAnswers(asked, titles.join(", "), more)}`;
}

/**
 * The message in the question's language (`language` when given, else detected from the question
 * searched, else English): why there is no quoted answer, what was searched, and how to connect
 * a model.
 */
export function needsModelMessage(
  reason: NeedsModelReason,
  what?: Searched,
  language?: LanguageCode | null,
): string {
  const words =
    NEEDS_MODEL_WORDS[language ?? (what ? detectLanguage(what.question) : null) ?? "en"];
  const guide = `[${words.modelGuide}](${MODEL_GUIDE_URL})`;
  const search = `[${words.searchGuide}](${SEARCH_GUIDE_URL})`;
  const web = reason === "writing" ? "" : ` ${words.webSearch(search)}`;
  return `${words.opening[reason]}${searchedLine(words, what)}\n\n${words.howTo(guide)}${web}`;
}
