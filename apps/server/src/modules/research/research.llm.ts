import type { LanguageModelV3 } from "@ai-sdk/provider";
import { RESEARCH_EVENTS, type ResearchStep } from "@nexus/contracts";
import type { z } from "zod";
import { type Structured, structured as structuredOutput } from "../../ai/structured-output.ts";
import type { Deps } from "../../deps.ts";
import { sanitizeModelText } from "../../lib/model-text.ts";
import type { StepContext } from "./research.state.ts";

/**
 * What the research engine's steps share: the model, structured output with a repair and a
 * plain-text fallback (at most two model calls, never a loop), page text as delimited data, and
 * the research-step event.
 */

/** No language model configured: plan, notes and report are extractive. */
export function isOffline(deps: Deps): boolean {
  return !deps.models.configured || deps.models.chatModel({ reasoning: false }).offline;
}

export function modelOf(deps: Deps): LanguageModelV3 {
  return deps.models.chatModel({ reasoning: false }).model;
}

export {
  asData,
  DATA_RULE,
  readAnswer,
  repairJson,
  type Structured,
  tokensOf,
} from "../../ai/structured-output.ts";

/** One structured call on the research's model (ai/structured-output.ts). */
export function structured<T>(options: {
  deps: Deps;
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  textSystem: string;
  textPrompt: string;
  fromText: (text: string) => T | null;
  signal: AbortSignal;
}): Promise<Structured<T>> {
  const { deps, ...rest } = options;
  return structuredOutput({ ...rest, model: modelOf(deps) });
}

/** The items of a numbered or bulleted list ("1. …", "2) …", "- …"), in order. */
export function listItems(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const item = /^\s*(?:\d{1,2}[.)]|[-*•])\s+(.+?)\s*$/.exec(line)?.[1];
    if (item) out.push(item.replace(/^["“]|["”]$/g, "").trim());
  }
  return out.filter((item) => item.length > 0);
}

const URL_PATTERN = /\b(?:https?|ftp):\/\/[^\s)\]>"']+|\bwww\.[^\s)\]>"']+/gi;

/**
 * A text with every address taken out (the model never supplies one: G14), after the one
 * model-text sanitiser (lib/model-text.ts: images and image proxy URLs, however spelt).
 */
export function withoutUrls(text: string): string {
  return sanitizeModelText(text)
    .replace(/\[([^\]]*)\]\((?:[^)\s]+)\)/g, "$1")
    .replace(URL_PATTERN, "")
    .replace(/[ \t]{2,}/g, " ");
}

/** A question from a model as a sub-question: one line, no address, at most `max` characters. */
export function cleanQuestion(text: string, max: number): string {
  return withoutUrls(text)
    .replace(/\s+/g, " ")
    .replace(/^(?:\d{1,2}[.)]|[-*•])\s+/, "")
    .trim()
    .slice(0, max)
    .trim();
}

/** Compare questions: case, punctuation and spacing aside. */
export function questionKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Emits a research-step event. */
export async function emitStep(ctx: StepContext, step: ResearchStep): Promise<void> {
  await ctx.emit(RESEARCH_EVENTS.step, { ...step });
}

/**
 * Runs a step between its running and done/failed events; `work` returns the state and detail. A
 * retried attempt runs as "Retrying 2 of 3"; an attempt that fails with another to come stays
 * running, saying which retry is next; the last one's failure is the step's: "Failed after 3 tries".
 */
export async function asStep<T>(
  ctx: StepContext,
  step: Omit<ResearchStep, "status" | "detail">,
  work: () => Promise<{ result: T; detail: string }>,
): Promise<T> {
  const attempt = ctx.attempt ?? { number: 1, of: 1 };
  const retrying = (n: number) => (n > 1 ? `Retrying ${n} of ${attempt.of}` : null);
  await emitStep(ctx, { ...step, status: "running", detail: retrying(attempt.number) });
  try {
    const { result, detail } = await work();
    await emitStep(ctx, { ...step, status: "done", detail });
    return result;
  } catch (error) {
    const next =
      !ctx.signal.aborted && attempt.number < attempt.of ? retrying(attempt.number + 1) : null;
    const ending: ResearchStep = next
      ? { ...step, status: "running", detail: next }
      : {
          ...step,
          status: "failed",
          detail: ctx.signal.aborted
            ? "Cancelled"
            : attempt.of > 1
              ? `Failed after ${attempt.of} tries`
              : "Failed",
        };
    await emitStep(ctx, ending).catch(() => undefined);
    throw error;
  }
}
