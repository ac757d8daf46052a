import { clsx } from "clsx";
import { Check, RotateCcw, Sparkles, X } from "lucide-react";
import type { KeyboardEvent } from "react";
import { buttonClasses } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import type { AiEdit } from "../hooks/use-ai-edit.ts";

const ACTION_LABELS: Readonly<Record<string, MessageId>> = {
  improve: "nexdocs.ai.improve",
  shorten: "nexdocs.ai.shorten",
  expand: "nexdocs.ai.expand",
  grammar: "nexdocs.ai.grammar",
  tone: "nexdocs.ai.tone",
  translate: "nexdocs.ai.translate",
  continue: "nexdocs.ai.continue",
  explain: "nexdocs.ai.explain",
};

/** Refusals a retry cannot cure (no model configured, no search left). */
const FINAL = new Set(["needs_model", "quota_exceeded", "not_found"]);

/**
 * The AI edit's controls, floating at the bottom of the document while one is shown: a
 * suggestion's Accept, Reject and Retry (Tab from the editor reaches them, Escape rejects), an
 * explanation beside the text with Retry and Close, or the error with what to do.
 */
export function AiSuggestionBar({ ai }: { ai: AiEdit }) {
  const t = useT();
  const { state } = ai;
  if (!state) return null;
  const streaming = state.status === "streaming";
  const error = state.error;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    ai.reject();
  };
  const small = buttonClasses({ variant: "outline", size: "sm" });
  return (
    <section
      aria-label={t("nexdocs.ai.panel")}
      onKeyDown={onKeyDown}
      data-testid="nexdocs-ai-panel"
      data-status={state.status}
      className="sticky bottom-3 z-30 mx-auto mt-3 flex w-full max-w-xl flex-col gap-2 rounded-xl border border-border bg-surface p-3 shadow-lg"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-fg" aria-live="polite">
        {streaming ? (
          <Spinner className="size-4" />
        ) : (
          <Sparkles className="size-4 text-accent" aria-hidden="true" />
        )}
        <span>{t(ACTION_LABELS[state.action] ?? "nexdocs.ai.open")}</span>
        <span className="text-xs font-normal text-subtle">
          {streaming
            ? t("nexdocs.ai.writing")
            : state.status === "error"
              ? t("nexdocs.ai.failed")
              : state.kind === "suggestion"
                ? t("nexdocs.ai.review")
                : ""}
        </span>
      </p>
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="nexdocs-ai-error">
          {error.reason === "tooLong"
            ? t("nexdocs.ai.tooLong")
            : error.reason === "cutOff"
              ? t("nexdocs.ai.cutOff")
              : error.reason === "edited"
                ? t("nexdocs.ai.retryEdited")
                : error.message}
        </p>
      ) : state.kind === "explain" ? (
        <p
          className="max-h-60 overflow-y-auto whitespace-pre-wrap text-sm leading-relaxed text-fg"
          data-testid="nexdocs-ai-explanation"
        >
          {state.text || "…"}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {state.kind === "suggestion" && !error ? (
          <>
            <button
              ref={ai.acceptButton}
              type="button"
              disabled={streaming}
              onClick={ai.accept}
              data-testid="nexdocs-ai-accept"
              className={buttonClasses({ size: "sm" })}
            >
              <Check className="size-4" aria-hidden="true" />
              {t("nexdocs.ai.accept")}
            </button>
            <button
              ref={ai.rejectButton}
              type="button"
              onClick={ai.reject}
              data-testid="nexdocs-ai-reject"
              className={small}
            >
              <X className="size-4" aria-hidden="true" />
              {streaming ? t("nexdocs.ai.stop") : t("nexdocs.ai.reject")}
            </button>
          </>
        ) : null}
        {!streaming &&
        !(error?.code && FINAL.has(error.code)) &&
        error?.reason !== "tooLong" &&
        error?.reason !== "edited" ? (
          <button type="button" onClick={ai.retry} data-testid="nexdocs-ai-retry" className={small}>
            <RotateCcw className="size-4" aria-hidden="true" />
            {t("nexdocs.ai.retry")}
          </button>
        ) : null}
        {state.kind === "explain" || error ? (
          <button
            ref={ai.rejectButton}
            type="button"
            onClick={ai.close}
            data-testid="nexdocs-ai-close"
            className={clsx(small, "ms-auto")}
          >
            <X className="size-4" aria-hidden="true" />
            {streaming ? t("nexdocs.ai.stop") : t("nexdocs.ai.close")}
          </button>
        ) : null}
      </div>
    </section>
  );
}
