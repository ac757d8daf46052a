import {
  NEXDOCS_AI_LANGUAGES,
  NEXDOCS_AI_TONES,
  type NexdocsAiAction,
  type NexdocsAiLanguage,
} from "@nexus/contracts";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import type { AiEditOptions } from "../hooks/use-ai-edit.ts";

/** Runs an AI action on the editor's selection (use-ai-edit.ts's `run`). */
export type RunAiAction = (action: NexdocsAiAction, options?: AiEditOptions) => void;

const ACTIONS: ReadonlyArray<[NexdocsAiAction | "toneMenu" | "translateMenu", MessageId]> = [
  ["improve", "nexdocs.ai.improve"],
  ["shorten", "nexdocs.ai.shorten"],
  ["expand", "nexdocs.ai.expand"],
  ["grammar", "nexdocs.ai.grammar"],
  ["toneMenu", "nexdocs.ai.tone"],
  ["translateMenu", "nexdocs.ai.translate"],
  ["continue", "nexdocs.ai.continue"],
  ["explain", "nexdocs.ai.explain"],
];

const TONE_LABELS: Readonly<Record<(typeof NEXDOCS_AI_TONES)[number], MessageId>> = {
  professional: "nexdocs.ai.toneProfessional",
  friendly: "nexdocs.ai.toneFriendly",
  confident: "nexdocs.ai.toneConfident",
  casual: "nexdocs.ai.toneCasual",
};

function Item({
  label,
  onClick,
  more = false,
  lang,
}: {
  label: string;
  onClick: () => void;
  more?: boolean;
  lang?: string;
}) {
  return (
    <button
      type="button"
      role="menuitem"
      lang={lang}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex min-h-9 w-full items-center justify-between gap-2 rounded-md px-2.5 text-start text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <span>{label}</span>
      {more ? (
        <ChevronRight className="size-4 text-muted rtl:rotate-180" aria-hidden="true" />
      ) : null}
    </button>
  );
}

/**
 * The bubble menu's AI actions on the selection: improve, shorten, expand, fix grammar, a tone,
 * a language, continue writing, explain. ↑/↓ move between them, Escape (or Back) closes the list.
 */
export function AiMenu({ onRun, onDone }: { onRun: RunAiAction; onDone: () => void }) {
  const t = useT();
  const [level, setLevel] = useState<"actions" | "tone" | "translate">("actions");
  const run: RunAiAction = (action, options) => {
    onDone();
    onRun(action, options);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      if (level === "actions") onDone();
      else setLevel("actions");
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === "ArrowDown" ? at + 1 : at - 1;
    items[(next + items.length) % items.length]?.focus();
  };
  const focusFirst = (element: HTMLDivElement | null) => {
    element?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  };
  return (
    <div
      key={level}
      ref={focusFirst}
      role="menu"
      aria-label={t("nexdocs.ai.menu")}
      onKeyDown={onKeyDown}
      data-testid="nexdocs-ai-menu"
      className="flex max-h-[60vh] w-56 flex-col overflow-y-auto p-1"
    >
      {level === "actions" ? (
        ACTIONS.map(([action, label]) => (
          <Item
            key={action}
            label={t(label)}
            more={action === "toneMenu" || action === "translateMenu"}
            onClick={() =>
              action === "toneMenu"
                ? setLevel("tone")
                : action === "translateMenu"
                  ? setLevel("translate")
                  : run(action)
            }
          />
        ))
      ) : (
        <>
          <button
            type="button"
            role="menuitem"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setLevel("actions")}
            className="flex min-h-8 items-center gap-1 rounded-md px-2 text-xs text-muted hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <ChevronLeft className="size-3.5 rtl:rotate-180" aria-hidden="true" />
            {t("nexdocs.ai.back")}
          </button>
          {level === "tone"
            ? NEXDOCS_AI_TONES.map((tone) => (
                <Item
                  key={tone}
                  label={t(TONE_LABELS[tone])}
                  onClick={() => run("tone", { tone })}
                />
              ))
            : (Object.keys(NEXDOCS_AI_LANGUAGES) as NexdocsAiLanguage[]).map((language) => (
                <Item
                  key={language}
                  lang={language}
                  label={NEXDOCS_AI_LANGUAGES[language].native}
                  onClick={() => run("translate", { language })}
                />
              ))}
        </>
      )}
    </div>
  );
}
