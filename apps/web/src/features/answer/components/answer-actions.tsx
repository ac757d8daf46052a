import type { AnswerSource } from "@nexus/contracts";
import { createContext, type ReactNode, use, useRef } from "react";
import { CopyButton, RegenerateButton, TurnActions } from "@/components/chat/turn-actions.tsx";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard.ts";
import { answerHtmlFromDom, formatAnswerForCopy } from "../lib/copy-answer.ts";

/** What the actions of one answer know about it. */
export interface AnswerActionContext {
  threadId: string;
  entryId: string;
  query: string;
  markdown: string;
  /** Takes this question and answer off the page (after the server deleted the entry). */
  removeTurn: () => void;
}

/**
 * The slot where bookmarking, sharing and feedback attach: features may not import each other, so
 * the app layer (the answer route) provides what renders there. Nothing without a provider.
 */
export const AnswerExtraActionsContext = createContext<
  ((context: AnswerActionContext) => ReactNode) | null
>(null);

function AnswerActionsExtra(props: AnswerActionContext) {
  const render = use(AnswerExtraActionsContext);
  return render ? render(props) : null;
}

/**
 * Copy and (last answer only) Regenerate, then the extra actions: those only for a finished
 * answer, since a stopped or failed one was never saved (there is nothing to bookmark or share).
 */
export function AnswerActions({
  context,
  sources = [],
  onRegenerate,
  finished = true,
}: {
  context: AnswerActionContext;
  /** Copied after the answer as a numbered list, so its [n] markers mean something. */
  sources?: readonly AnswerSource[];
  onRegenerate: (() => void) | null;
  finished?: boolean;
}) {
  const clipboard = useCopyToClipboard();
  const copied = clipboard.copied;
  const ref = useRef<HTMLDivElement>(null);
  // A refused clipboard (permissions, insecure origin) leaves the button as it was.
  const copy = () => {
    const origin = window.location.origin;
    const rendered = ref.current
      ?.closest("[data-testid='answer-turn']")
      ?.querySelector("[data-testid='answer-markdown']");
    const html = rendered ? answerHtmlFromDom(rendered, sources, origin) : null;
    return clipboard.copy(
      formatAnswerForCopy({ markdown: context.markdown, sources, origin, html }),
    );
  };

  return (
    <TurnActions testId="answer-actions" barRef={ref}>
      <CopyButton copied={copied} onCopy={() => void copy()} />
      {onRegenerate ? <RegenerateButton onClick={onRegenerate} /> : null}
      {finished ? <AnswerActionsExtra {...context} /> : null}
    </TurnActions>
  );
}
