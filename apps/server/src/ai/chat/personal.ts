import { personalPromptText } from "@nexus/contracts";
import type { ModelMessage } from "ai";
import type { Caller, Deps, PersonalPrompt } from "../../deps.ts";
import { detectLanguage } from "./language-detect.ts";

/**
 * What a person's settings add to the system message of every chat of theirs (ARCHITECTURE.md
 * §3.1: the runtime adds it, run-turn.ts; research's report, which runs outside it, too): the
 * answer language — the chosen one, or with Auto the one detected in their question — and their
 * own instructions, framed (contracts personal.ts). An anonymous caller has none: Auto only.
 * The caller's own, always: a link holder continuing someone's shared agent gets theirs.
 */

export const NO_PERSONAL_SETTINGS: PersonalPrompt = { instructions: "", answerLanguage: "auto" };

/** The caller's settings (read once per turn; an anonymous caller's are the defaults). */
export function personalSettingsOf(deps: Deps, caller: Caller): Promise<PersonalPrompt> {
  const user = caller.user;
  return user ? deps.personalSettings(deps, user.id) : Promise.resolve(NO_PERSONAL_SETTINGS);
}

/** The text of the last user message (the question the language is detected in). */
export function lastUserText(messages: readonly ModelMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== "user") continue;
    if (typeof message.content === "string") return message.content;
    return message.content
      .map((part) => (part.type === "text" ? part.text : ""))
      .filter((text) => text !== "")
      .join("\n");
  }
  return "";
}

/** A chat's system message with what the person's settings add, after the chat's own prompt. */
export function withPersonal(system: string, settings: PersonalPrompt, question: string): string {
  const detected = settings.answerLanguage === "auto" ? detectLanguage(question) : null;
  const added = personalPromptText({ ...settings, detected });
  return added === "" ? system : `${system}\n\n${added}`;
}
