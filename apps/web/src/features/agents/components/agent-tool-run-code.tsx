import type { RunCodeToolOutput } from "@nexus/contracts";
import { SquareTerminal, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner.tsx";
import { intlLocale, t, useT } from "@/lib/i18n/i18n.ts";
import { ToolDetails, type ToolPartLike } from "./agent-tool-row.tsx";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function stringField(value: unknown, field: string): string {
  return isRecord(value) && typeof value[field] === "string" ? value[field] : "";
}

/** The run's output, each field checked (a stored part may come from an older server). */
function runOf(output: unknown): RunCodeToolOutput {
  const text = (field: string) =>
    isRecord(output) && typeof output[field] === "string" ? output[field] : null;
  return {
    ok: isRecord(output) && output.ok === true,
    stdout: text("stdout") ?? "",
    result: text("result"),
    error: text("error"),
    durationMs:
      isRecord(output) && typeof output.durationMs === "number" && output.durationMs >= 0
        ? output.durationMs
        : 0,
    truncated: isRecord(output) && output.truncated === true,
    busy: isRecord(output) && output.busy === true,
  };
}

/** Where a tool part is: its result, its error, still running, or ended without a result. */
function phaseOf(part: ToolPartLike, running: boolean) {
  const state = part.state ?? "input-available";
  if (state === "output-available") return "done" as const;
  if (state === "output-error" || state === "output-denied") return "error" as const;
  return running ? ("running" as const) : ("interrupted" as const);
}

/** "850 ms", "2.5 s": the numbers in the interface's language's way. */
const duration = (ms: number) =>
  ms < 1000
    ? t("toolCall.code.ms", { ms: Math.round(ms).toLocaleString(intlLocale() ?? "en-US") })
    : t("toolCall.code.seconds", {
        s: (ms / 1000).toLocaleString(intlLocale() ?? "en-US", {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }),
      });

/** One row of the reply's tool activity, as in agent-tool-part.tsx. */
function CodeRow({
  running,
  children,
  tone = "default",
}: {
  running: boolean;
  children: ReactNode;
  tone?: "default" | "warning";
}) {
  return (
    <div
      data-testid="agent-tool"
      className={
        tone === "warning"
          ? "flex min-w-0 items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 text-sm text-muted"
          : "flex min-w-0 items-start gap-2 text-sm text-muted"
      }
    >
      <span className="mt-0.5 flex size-4 shrink-0 items-center justify-center">
        {running ? (
          <Spinner className="size-3.5 text-accent" />
        ) : tone === "warning" ? (
          <TriangleAlert className="size-4 text-warning" aria-hidden="true" />
        ) : (
          <SquareTerminal className="size-4" aria-hidden="true" />
        )}
      </span>
      <div className="min-w-0 flex-1 break-words">{children}</div>
    </div>
  );
}

const PRE =
  "overflow-x-auto whitespace-pre rounded-lg border border-border bg-surface-2 px-3 py-2 font-mono text-[0.8125rem] leading-relaxed text-fg";

const LANGUAGES: Record<string, string> = { javascript: "JavaScript", python: "Python" };

/** The code that ran, behind a disclosure. */
function CodeDisclosure({ code, summary }: { code: string; summary: ReactNode }) {
  return (
    <ToolDetails summary={summary}>
      <pre data-testid="run-code-source" className={`mt-2 max-h-96 ${PRE}`}>
        <code>{code}</code>
      </pre>
    </ToolDetails>
  );
}

/**
 * A run-code call: "Running code…" while it runs; then the code (behind a disclosure) and what it
 * printed, its result ("→ …") or its error in a warning tone (a run stopped for time or memory
 * says so; a run refused because the sandbox was busy says that). `running`: the reply is still
 * streaming (a call it ended without no longer runs).
 */
export function RunCodeToolPart({ part, running }: { part: ToolPartLike; running: boolean }) {
  const t = useT();
  const phase = phaseOf(part, running);
  const code = stringField(part.input, "code");
  // Calls from before Python came name no language (they were JavaScript).
  const language = LANGUAGES[stringField(part.input, "language")] ?? null;
  if (phase === "error") {
    return (
      <CodeRow running={false} tone="warning">
        {part.errorText?.trim() || t("toolCall.code.couldNotRun")}
      </CodeRow>
    );
  }
  if (phase !== "done") {
    return (
      <CodeRow running={phase === "running"}>
        {phase === "running" ? t("toolCall.code.running") : t("toolCall.code.interrupted")}
      </CodeRow>
    );
  }
  const run = runOf(part.output);
  if (run.busy) {
    // Every sandbox slot was taken (the server runs a few at once, one per person): nothing ran.
    return (
      <CodeRow running={false} tone="warning">
        <p data-testid="run-code-busy">{t("toolCall.code.busy")}</p>
      </CodeRow>
    );
  }
  const stopped = !run.ok && (run.error ?? "").startsWith("Stopped");
  const summary = (
    <>
      {run.ok
        ? t("toolCall.code.ran")
        : stopped
          ? t("toolCall.code.stopped")
          : t("toolCall.code.failed")}
      {language ? (
        <span data-testid="run-code-language" className="text-subtle">
          {" "}
          · {language}
        </span>
      ) : null}
      <span className="text-subtle"> · {duration(run.durationMs)}</span>
    </>
  );
  const nothing = run.ok && !run.stdout && run.result === null;
  return (
    <CodeRow running={false}>
      {code ? <CodeDisclosure code={code} summary={summary} /> : <p>{summary}</p>}
      <div className="mt-2 flex flex-col gap-2">
        {run.stdout ? (
          <pre data-testid="run-code-stdout" className={`max-h-80 ${PRE}`}>
            {run.stdout.replace(/\n$/, "")}
          </pre>
        ) : null}
        {run.ok && run.result !== null ? (
          <pre data-testid="run-code-result" className={PRE}>
            <span className="text-subtle" aria-hidden="true">
              →{" "}
            </span>
            <span className="sr-only">{t("toolCall.code.result")} </span>
            {run.result}
          </pre>
        ) : null}
        {!run.ok ? (
          <p
            data-testid="run-code-error"
            className="flex min-w-0 items-start gap-2 rounded-lg border border-warning/30 bg-warning-soft px-3 py-2 font-mono text-[0.8125rem] text-fg"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            <span className="min-w-0 break-words">{run.error || t("toolCall.code.failedDot")}</span>
          </p>
        ) : null}
        {nothing ? <p className="text-subtle">{t("toolCall.code.noOutput")}</p> : null}
        {run.truncated ? (
          <p className="text-xs text-subtle">{t("toolCall.code.truncated")}</p>
        ) : null}
      </div>
    </CodeRow>
  );
}
