import { clsx } from "clsx";
import {
  ChevronDown,
  CirclePlay,
  Info,
  Send,
  Square,
  SquareTerminal,
  TriangleAlert,
} from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { intlLocale, useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";
import type { AgentWorkbenchContext } from "../components/agent-chat-slots.tsx";
import {
  composeTutorMessage,
  type OutcomeNotice,
  outcomeNotice,
  pythonLoadingMessage,
} from "./python-messages.ts";
import { PYTHON_TIME_LIMIT_MS } from "./python-runner.ts";
import { usePythonWorkbench } from "./python-workbench-context.tsx";
import { type OutputChunk, outputText, usePythonRunner } from "./use-python-runner.ts";

const NOTICE_STYLES: Record<OutcomeNotice["tone"], string> = {
  info: "border-border bg-surface-2 text-muted",
  warning: "border-warning/30 bg-warning-soft text-fg",
  danger: "border-danger/30 bg-danger-soft text-fg",
};

function Output({ output }: { output: readonly OutputChunk[] }) {
  return (
    <pre
      data-testid="python-output"
      className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-border bg-surface-2 px-3 py-2 font-mono text-[0.8125rem] leading-relaxed text-fg"
    >
      {output.map((chunk, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: chunks only ever grow at the end
        <span key={index} className={chunk.stream === "stderr" ? "text-danger" : undefined}>
          {chunk.text}
        </span>
      ))}
    </pre>
  );
}

/** Scrolls the scratchpad into view (smoothly unless the person asked for reduced motion). */
function reveal(section: HTMLElement | null): void {
  const reduce = globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? true;
  section?.scrollIntoView?.({ block: "nearest", behavior: reduce ? "auto" : "smooth" });
}

/**
 * The Python course's scratchpad: code in a monospace box, Run (Ctrl+Enter) and Stop, the output
 * as it is printed, and "Send to tutor", which puts the code and its output into the composer.
 * Python (Pyodide) runs in a worker in the browser and is loaded on the first run.
 */
export function PythonScratchpad({ fillComposer, composerDisabled }: AgentWorkbenchContext) {
  const t = useT();
  const workbench = usePythonWorkbench();
  const { phase, run, start, stop } = usePythonRunner();
  const [open, setOpen] = useState(true);
  const sectionRef = useRef<HTMLElement>(null);
  const id = useId();
  const code = workbench?.code ?? "";
  const busy = phase !== "idle";

  // A Run button of a reply: its code is in the box; run it here, in view.
  const request = workbench?.request;
  const takeRequest = workbench?.takeRequest;
  const handled = useRef(0);
  const follow = useRef(false);
  useEffect(() => {
    if (!request || request.seq === handled.current) return;
    handled.current = request.seq;
    takeRequest?.();
    setOpen(true);
    follow.current = true;
    reveal(sectionRef.current);
    start(request.code);
  }, [request, takeRequest, start]);
  // ...and once it has ended, its output in view too (above the composer: scroll-mb).
  const outcome = run?.outcome;
  useEffect(() => {
    if (!outcome || !follow.current) return;
    follow.current = false;
    reveal(sectionRef.current);
  }, [outcome]);

  const runCode = () => {
    if (!busy && code.trim() !== "") start(code);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      runCode();
    }
  };
  const notice = run?.outcome ? outcomeNotice(run.outcome) : null;
  const ran = run?.outcome && run.outcome.kind !== "unavailable";
  const loaded =
    run?.loadMs != null
      ? t("pythonPad.loaded", {
          s: (run.loadMs / 1000).toLocaleString(intlLocale() ?? "en-US", {
            minimumFractionDigits: 1,
            maximumFractionDigits: 1,
          }),
        })
      : "";
  const status =
    phase === "loading"
      ? pythonLoadingMessage()
      : phase === "running"
        ? t("pythonPad.running")
        : ran
          ? [run.outcome?.kind === "ok" ? t("pythonPad.done") : t("pythonPad.ended"), loaded]
              .filter(Boolean)
              .join(" · ")
          : "";

  return (
    <section
      ref={sectionRef}
      aria-labelledby={`${id}-title`}
      data-testid="python-scratchpad"
      className="mb-2 scroll-mt-20 scroll-mb-36 rounded-2xl border border-border bg-surface p-3 shadow-sm"
    >
      <div className="flex items-center gap-2">
        <SquareTerminal className="size-4 shrink-0 text-accent" aria-hidden="true" />
        <h2 id={`${id}-title`} className="font-semibold text-sm">
          {t("pythonPad.title")}
        </h2>
        <span className="min-w-0 flex-1 truncate text-subtle text-xs max-sm:hidden">
          {t("pythonPad.where")}
        </span>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!open)}
        >
          <ChevronDown
            className={clsx("size-4 transition-transform", !open && "-rotate-90")}
            aria-hidden="true"
          />
          {open ? t("pythonPad.hide") : t("pythonPad.show")}
        </Button>
      </div>
      <div id={`${id}-body`} hidden={!open} className="mt-2 flex flex-col gap-2">
        <label htmlFor={`${id}-code`} className="sr-only">
          {t("pythonPad.code")}
        </label>
        <textarea
          id={`${id}-code`}
          value={code}
          onChange={(event) => workbench?.setCode(event.target.value)}
          onKeyDown={onKeyDown}
          rows={6}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          autoComplete="off"
          data-testid="python-code"
          className="field-sizing-content max-h-96 min-h-32 w-full resize-y rounded-lg border border-border bg-bg px-3 py-2 font-mono text-[0.8125rem] text-fg leading-relaxed focus:border-accent/60 focus:outline-none focus:ring-2 focus:ring-ring/25"
        />
        <div className="flex flex-wrap items-center gap-2">
          {busy ? (
            <Button variant="outline" size="sm" onClick={stop}>
              <Square className="size-3.5 fill-current" aria-hidden="true" />
              {t("pythonPad.stop")}
            </Button>
          ) : (
            <Button
              size="sm"
              onClick={runCode}
              disabled={code.trim() === ""}
              aria-keyshortcuts="Control+Enter"
            >
              <CirclePlay className="size-4" aria-hidden="true" />
              {t("pythonPad.run")}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={busy || !ran || composerDisabled}
            onClick={() =>
              run?.outcome &&
              fillComposer(
                composeTutorMessage({
                  code: run.code,
                  output: outputText(run.output),
                  outcome: run.outcome,
                }),
              )
            }
          >
            <Send className="size-3.5" aria-hidden="true" />
            {t("pythonPad.send")}
          </Button>
          <p
            role="status"
            aria-live="polite"
            data-testid="python-status"
            className="flex min-w-0 items-center gap-1.5 text-muted text-xs"
          >
            {busy ? <Spinner className="size-3.5 text-accent" /> : null}
            {status}
          </p>
        </div>
        {run && run.output.length > 0 ? <Output output={run.output} /> : null}
        {run?.outcome?.kind === "ok" && run.output.length === 0 ? (
          <p className="text-subtle text-sm">{t("pythonPad.noOutput")}</p>
        ) : null}
        {notice ? (
          <p
            role={notice.tone === "danger" ? "alert" : "status"}
            data-testid="python-notice"
            className={clsx(
              "flex items-start gap-2 rounded-lg border px-3 py-2 text-sm",
              NOTICE_STYLES[notice.tone],
            )}
          >
            {notice.tone === "info" ? (
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <TriangleAlert
                className={clsx(
                  "mt-0.5 size-4 shrink-0",
                  notice.tone === "danger" ? "text-danger" : "text-warning",
                )}
                aria-hidden="true"
              />
            )}
            <span className="min-w-0 break-words">{notice.text}</span>
          </p>
        ) : null}
        <p className="text-subtle text-xs">
          {richT(
            "pythonPad.help",
            { input: <code>{"input()"}</code> },
            { seconds: PYTHON_TIME_LIMIT_MS / 1000 },
          )}
        </p>
      </div>
    </section>
  );
}
