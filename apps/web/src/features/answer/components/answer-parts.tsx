import { Suspense } from "react";
import type { PartRendererProps, PartRenderers } from "@/components/chat/part-registry.tsx";
import { chatPartRenderers } from "@/components/chat/parts/index.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { SourcesStrip } from "./sources-strip.tsx";

// Only a reasoning model's answers have reasoning: downloaded with the first of it.
const LazyReasoningPanel = lazyComponent(() =>
  import("./reasoning-panel.tsx").then((m) => m.ReasoningPanel),
);

/**
 * The answer's reasoning, all its steps in one: a panel open while it thinks and folded once the
 * answer starts (the answer page's own look for the "reasoning" part).
 */
export interface AnswerReasoningPart {
  type: "reasoning";
  text: string;
  state: "streaming" | "done";
  answerStarted: boolean;
}

function AnswerReasoning({ part, streaming }: PartRendererProps<AnswerReasoningPart>) {
  if (part.text.trim() === "") return null;
  return (
    <Suspense fallback={null}>
      <LazyReasoningPanel
        text={part.text}
        thinking={streaming && part.state === "streaming"}
        answerStarted={part.answerStarted}
      />
    </Suspense>
  );
}

/** The answer's sources (its data-sources part): the strip of cards above the answer. */
function AnswerSources({ sources }: PartRendererProps) {
  return <SourcesStrip sources={sources} />;
}

/** The answer page's part renderers: the shared ones, with its own reasoning panel and sources. */
export const answerPartRenderers: PartRenderers = {
  ...chatPartRenderers,
  reasoning: AnswerReasoning,
  "data-sources": AnswerSources,
};
