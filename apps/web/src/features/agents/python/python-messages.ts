import { MAX_QUERY_CHARS } from "@nexus/contracts";
import { intlLocale, t } from "@/lib/i18n/i18n.ts";
import { OUTPUT_MAX_CHARS } from "./python-protocol.ts";
import type { PythonOutcome } from "./python-runner.ts";

/** What the scratchpad says while Python loads (a function: the interface language can change). */
export const pythonLoadingMessage = () => t("pythonPad.loading");

/** What the person reads about how a run ended (null: it ended normally, the output says it all). */
export interface OutcomeNotice {
  tone: "info" | "warning" | "danger";
  text: string;
}

const seconds = (ms: number) => t("pythonPad.duration", { s: Math.round(ms / 100) / 10 });

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
          text: t("pythonPad.noModule", { module: rootModule(module) }),
        };
      if (type === "InputNotSupportedError")
        return {
          tone: "warning",
          text: t("pythonPad.noInput"),
        };
      if (type === "InternalError")
        return {
          tone: "danger",
          text: t("pythonPad.internal"),
        };
      return {
        tone: "danger",
        text: `${t("pythonPad.raised", { type })}${outcome.truncated ? ` ${truncatedText()}` : ""}`,
      };
    }
    case "timeout":
      return {
        tone: "warning",
        text: t("pythonPad.timeout", { duration: seconds(outcome.limitMs) }),
      };
    case "stopped":
      return { tone: "info", text: t("pythonPad.stoppedRun") };
    case "unavailable":
      return { tone: "danger", text: unavailableText(outcome.reason, outcome.detail) };
  }
}

function truncatedText(): string {
  return t("pythonPad.truncated", {
    count: new Intl.NumberFormat(intlLocale()).format(OUTPUT_MAX_CHARS),
  });
}

function unavailableText(
  reason: Extract<PythonOutcome, { kind: "unavailable" }>["reason"],
  detail: string | undefined,
): string {
  if (reason === "no-webassembly") return t("pythonPad.noWasm");
  if (reason === "no-worker") return t("pythonPad.noWorker");
  const why = detail?.trim() ? ` (${detail.trim().slice(0, 200)})` : "";
  return t("pythonPad.loadFailed", { why });
}

/** A fence longer than any run of backticks in the text, so the text cannot close it. */
function fenced(text: string, language: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text.replace(/\n+$/, "")}\n${fence}`;
}

function shorten(text: string, max: number, what: "code" | "output"): string {
  if (text.length <= max) return text;
  const said = what === "code" ? t("pythonPad.codeShortened") : t("pythonPad.outputShortened");
  if (text.endsWith(said)) text = text.slice(0, text.lastIndexOf("\n…"));
  const note = `\n… ${said}`;
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
  const ending = notice ? `\n\n${notice.text.split(/(?<=[.!?])\s|(?<=。)/)[0]}` : "";
  const build = (code: string, output: string | null) =>
    `${t("pythonPad.tutorRan")}\n\n${fenced(code, "python")}${
      output === null
        ? `\n\n${t("pythonPad.tutorNothing")}`
        : `\n\n${t("pythonPad.tutorOutput")}\n\n${fenced(output, "text")}`
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
