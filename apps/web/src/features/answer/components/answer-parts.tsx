import type { AnswerImage, AnswerVideo } from "@nexus/contracts";
import { Suspense } from "react";
import type { PartRendererProps, PartRenderers } from "@/components/chat/part-registry.tsx";
import { chatPartRenderers } from "@/components/chat/parts/index.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";
import { AnswerActions } from "./answer-actions.tsx";
import { useAnswerTurn } from "./answer-turn-context.ts";
import { RelatedQuestions } from "./related-questions.tsx";
import { SourcesStrip } from "./sources-strip.tsx";

// Only a reasoning model's answers have reasoning: downloaded with the first of it.
const LazyReasoningPanel = lazyComponent(() =>
  import("./reasoning-panel.tsx").then((m) => m.ReasoningPanel),
);

// Only answers with images or videos need it: downloaded with the first of them.
const LazyMediaPanel = lazyComponent(() => import("./media-panel.tsx").then((m) => m.MediaPanel));

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

/** The answer's images and videos (its data-images and data-videos parts, in one panel). */
export interface AnswerMediaPart {
  type: "data-media";
  data: { images: readonly AnswerImage[]; videos: readonly AnswerVideo[] };
}

/** Follow-up questions suggested for a finished answer (its data-related part). */
export interface AnswerRelatedPart {
  type: "data-related";
  data: readonly string[];
}

/** Copy, Regenerate and the extra actions under an answer that has text and has ended. */
export interface AnswerActionsPart {
  type: "data-actions";
  data: {
    entryId: string;
    query: string;
    markdown: string;
    /** Its text arrived to the end (a stopped or failed answer was never saved). */
    finished: boolean;
  };
}

/** The panel's and the related questions' heading: one level below the turn's question. */
function sectionHeading(headingBase: number): "h2" | "h3" {
  return headingBase <= 2 ? "h2" : "h3";
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

/** Below the answer on phones; on wide screens the column beside it (the turn's grid). */
function AnswerMedia({ part, headingBase }: PartRendererProps<AnswerMediaPart>) {
  const { images, videos } = part.data;
  if (images.length === 0 && videos.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <LazyMediaPanel
        images={images}
        videos={videos}
        heading={sectionHeading(headingBase)}
        className="lg:col-start-2 lg:row-span-2 lg:row-start-1"
      />
    </Suspense>
  );
}

function AnswerRelated({ part, headingBase }: PartRendererProps<AnswerRelatedPart>) {
  const { busy, onAsk } = useAnswerTurn();
  return (
    <RelatedQuestions
      questions={part.data}
      onAsk={onAsk}
      disabled={busy}
      heading={sectionHeading(headingBase)}
    />
  );
}

function AnswerActionsBar({ part, sources }: PartRendererProps<AnswerActionsPart>) {
  const { threadId, onRegenerate, onRemove } = useAnswerTurn();
  const { entryId, query, markdown, finished } = part.data;
  return (
    <AnswerActions
      context={{ threadId, entryId, query, markdown, removeTurn: onRemove }}
      sources={sources}
      onRegenerate={finished ? onRegenerate : null}
      finished={finished}
    />
  );
}

/**
 * The answer page's part renderers: the shared ones, with its own reasoning panel, and its
 * sources, media, related questions and actions (drawn through the registry by answer-turn.tsx).
 */
export const answerPartRenderers: PartRenderers = {
  ...chatPartRenderers,
  reasoning: AnswerReasoning,
  "data-sources": AnswerSources,
  "data-media": AnswerMedia,
  "data-related": AnswerRelated,
  "data-actions": AnswerActionsBar,
};
