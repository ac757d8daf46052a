import { type AnswerLanguage, type LanguageCode, personalPromptText } from "@nexus/contracts";

/** The language an Auto example is shown with ("What the model is told"). */
export const AUTO_EXAMPLE: LanguageCode = "en";

/**
 * What the model is told about the person, exactly as every chat's system message ends with it
 * (contracts personal.ts, the server's own text), for their saved settings; with Auto, for a
 * question in the example language, and a note that says so.
 */
export function modelToldText(
  saved: { instructions: string; answerLanguage: AnswerLanguage },
  /** The note shown with Auto, in the interface's language (personal.toldAutoNote). */
  autoNote: string,
): {
  text: string;
  note: string | null;
} {
  const auto = saved.answerLanguage === "auto";
  return {
    text: personalPromptText({ ...saved, ...(auto ? { detected: AUTO_EXAMPLE } : {}) }),
    note: auto ? autoNote : null,
  };
}

/** The counter under the instructions: "120 / 1500", and whether the limit is near. */
export function counterOf(length: number, max: number): { label: string; near: boolean } {
  return { label: `${length} / ${max}`, near: length >= max * 0.9 };
}
