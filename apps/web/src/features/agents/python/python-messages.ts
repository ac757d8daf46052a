import { MAX_QUERY_CHARS } from "@nexus/contracts";
import { OUTPUT_MAX_CHARS } from "./python-protocol.ts";
import type { PythonOutcome } from "./python-runner.ts";

export const PYTHON_LOADING_MESSAGE = "Loading Python… (first time takes a few seconds)";

/** What the person reads about how a run ended (null: it ended normally, the output says it all). */
export interface OutcomeNotice {
  tone: "info" | "warning" | "danger";
  text: string;
}

const seconds = (ms: number) =>
  `${Math.round(ms / 100) / 10} seconds`.replace(/^1 seconds/, "1 second");

/** The first part of a dotted module name ("numpy" of "numpy.linalg"). */
const rootModule = (name: string) => name.split(".")[0] ?? name;

export function outcomeNotice(outcome: PythonOutcome): OutcomeNotice | null {
  switch (outcome.kind) {
    case "ok":
      return outcome.truncated ? { tone: "info", text: truncatedText() } : null;
    case "error": {
      const { type, module } = outcome.error;
      if (type === "ModuleNotFoundError" && module)
        return {
          tone: "warning",
          text: `There is no module named "${rootModule(module)}" here. Python in your browser has the standard library only: packages such as numpy, pandas or requests cannot be installed. Try the idea with the standard library, or run this code with Python on your own computer.`,
        };
      if (type === "InputNotSupportedError")
        return {
          tone: "warning",
          text: 'input() cannot read from the keyboard here. Put the value in the code instead, for example: name = "Ada".',
        };
      if (type === "InternalError")
        return {
          tone: "danger",
          text: "Python itself stopped while running this code (it may have run out of memory). Python starts again on the next run.",
        };
      return {
        tone: "danger",
        text: `Your code raised ${type}: the traceback above shows where. Send it to the tutor if you want help with it.${outcome.truncated ? ` ${truncatedText()}` : ""}`,
      };
    }
    case "timeout":
      return {
        tone: "warning",
        text: `Stopped: the code ran longer than ${seconds(outcome.limitMs)} (an endless loop?). Python starts again on the next run.`,
      };
    case "stopped":
      return { tone: "info", text: "Stopped. Python starts again on the next run." };
    case "unavailable":
      return { tone: "danger", text: unavailableText(outcome.reason, outcome.detail) };
  }
}

function truncatedText(): string {
  return `The output was cut after ${OUTPUT_MAX_CHARS.toLocaleString("en-US")} characters.`;
}

function unavailableText(
  reason: Extract<PythonOutcome, { kind: "unavailable" }>["reason"],
  detail: string | undefined,
): string {
  if (reason === "no-webassembly")
    return "Python cannot run in this browser: it does not support WebAssembly (or it is turned off). Use a current Chrome, Edge, Firefox or Safari, or run the code with Python on your own computer.";
  if (reason === "no-worker")
    return "Python cannot run in this browser: it does not support web workers, which run the code without freezing the page. Use a current Chrome, Edge, Firefox or Safari, or run the code with Python on your own computer.";
  const why = detail?.trim() ? ` (${detail.trim().slice(0, 200)})` : "";
  return `Python could not be loaded: its files did not download or start${why}. Check your connection and press Run again.`;
}

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fenced(text: string, language: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text.replace(/\n+$/, "")}\n${fence}`;
}

function shorten(text: string, max: number, what: string): string {
  if (text.length <= max) return text;
  if (text.endsWith(`(${what} shortened)`)) text = text.slice(0, text.lastIndexOf("\n…"));
  const note = `\n… (${what} shortened)`;
  return text.slice(0, Math.max(0, max - note.length)) + note;
}

/** Characters of code kept when its output needs room too. */
const CODE_SHARE = 2400;

/**
 * What "Send to tutor" puts in the composer: the code that ran, its output and how it ended, as
 * one message within the chat's length limit (long code and output are shortened).
 */
export function composeTutorMessage(run: {
  code: string;
  output: string;
  outcome: PythonOutcome;
}): string {
  const notice = run.outcome.kind === "ok" ? null : outcomeNotice(run.outcome);
  // The notice's first sentence (the rest is advice for the learner, not news for the tutor).
  const ending = notice ? `\n\n${notice.text.split(/(?<=[.!?])\s/)[0]}` : "";
  const build = (code: string, output: string | null) =>
    `I ran this code:\n\n${fenced(code, "python")}${
      output === null ? "\n\nIt printed nothing." : `\n\nOutput:\n\n${fenced(output, "text")}`
    }${ending}`;
  const printed = run.output.trim() === "" ? null : run.output.replace(/\n+$/, "");
  let code = shorten(
    run.code.replace(/\n+$/, ""),
    printed === null ? MAX_QUERY_CHARS : CODE_SHARE,
    "code",
  );
  let output = printed === null ? null : shorten(printed, MAX_QUERY_CHARS, "output");
  for (let attempt = 0; attempt < 5; attempt++) {
    const over = build(code, output).length - MAX_QUERY_CHARS;
    if (over <= 0) break;
    if (output !== null && output.length > 400)
      output = shorten(output, output.length - over, "output");
    else code = shorten(code, code.length - over, "code");
  }
  return build(code, output);
}
