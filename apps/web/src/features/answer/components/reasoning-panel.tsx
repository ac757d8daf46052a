import { clsx } from "clsx";
import { Brain, ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";

/**
 * The model's reasoning, streamed in a collapsible panel: open while it thinks, folded once the
 * answer starts (unless the user opened or closed it).
 */
export function ReasoningPanel({
  text,
  thinking,
  answerStarted,
}: {
  text: string;
  thinking: boolean;
  answerStarted: boolean;
}) {
  const t = useT();
  const [userOpen, setUserOpen] = useState<boolean | null>(null);
  const panelId = useId();
  if (text.trim() === "") return null;
  const open = userOpen ?? !answerStarted;
  return (
    <section data-testid="reasoning" className="rounded-xl border border-border bg-surface">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setUserOpen(!open)}
        className="flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm font-medium text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Brain className="size-4 shrink-0" aria-hidden="true" />
        <span className="flex-1">{thinking ? t("answer.reasoningLive") : t("home.reasoning")}</span>
        <ChevronDown
          className={clsx("size-4 shrink-0 transition-transform", open && "rotate-180")}
          aria-hidden="true"
        />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="max-h-80 overflow-y-auto border-t border-border px-3 py-2 text-sm whitespace-pre-wrap break-words text-muted"
      >
        {text}
      </div>
    </section>
  );
}
