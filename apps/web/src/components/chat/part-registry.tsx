import { type AnswerSource, CITATION_CHECKS_PART, type CitationCheck } from "@nexus/contracts";
import { type ComponentType, createContext, type ReactNode, use, useMemo } from "react";
import { CitationChecksContext } from "./markdown/sources-context.ts";

/** A part of a chat message as the AI SDK streams it: only its `type` is read here. */
export interface ChatPart {
  type: string;
}

/** What every part renderer is given besides its part. */
export interface PartRenderContext {
  /** The message this part belongs to is streaming now. */
  streaming: boolean;
  /** The message's sources as the reader is shown them (for [n] citations). */
  sources: readonly AnswerSource[];
  /** The level of a `#` heading in the text (the page's own headings sit above it). */
  headingBase: number;
}

export interface PartRendererProps<P extends ChatPart = ChatPart> extends PartRenderContext {
  part: P;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds renderers of every part type
export type PartRenderer = ComponentType<PartRendererProps<any>>;

/**
 * Renderers by part type: "text", "reasoning", "source-url", "data-images"… A key ending in "*"
 * matches every type it starts ("tool-*" for the SDK's `tool-<name>` parts); an exact key wins over
 * it, a longer prefix over a shorter one. A feature adds the part types it knows by providing its
 * renderers (ChatPartRenderers), never by a branch in a shared component.
 */
export type PartRenderers = Readonly<Record<string, PartRenderer | undefined>>;

/** The renderer registered for a part type, or undefined (the part is then not drawn). */
export function resolvePartRenderer(
  renderers: PartRenderers,
  type: string,
): PartRenderer | undefined {
  const exact = renderers[type];
  if (exact) return exact;
  let best: { stem: string; renderer: PartRenderer } | undefined;
  for (const [key, renderer] of Object.entries(renderers)) {
    if (!renderer || !key.endsWith("*")) continue;
    const stem = key.slice(0, -1);
    if (type.startsWith(stem) && (!best || stem.length > best.stem.length)) {
      best = { stem, renderer };
    }
  }
  return best?.renderer;
}

const PartRenderersContext = createContext<PartRenderers>({});

/** The renderers in effect here (every provider above, the nearest winning for a type). */
export function usePartRenderers(): PartRenderers {
  return use(PartRenderersContext);
}

/**
 * Registers part renderers for everything inside: they add to (and, for the same type, replace)
 * the ones registered above — the app layer registers a feature's, a page its own variant.
 */
export function ChatPartRenderers({
  renderers,
  children,
}: {
  renderers: PartRenderers;
  children: ReactNode;
}) {
  const above = usePartRenderers();
  const merged = useMemo(() => ({ ...above, ...renderers }), [above, renderers]);
  return <PartRenderersContext value={merged}>{children}</PartRenderersContext>;
}

/** One part, drawn by its registered renderer; a type nobody registered draws nothing. */
export function MessagePart<P extends ChatPart>({ part, ...context }: PartRendererProps<P>) {
  const Renderer = resolvePartRenderer(usePartRenderers(), part.type);
  return Renderer ? <Renderer part={part} {...context} /> : null;
}

/** The checks of a message's citations (its data-citation-checks part), if it was checked. */
export function citationChecksOf(parts: readonly ChatPart[]): readonly CitationCheck[] | undefined {
  const part = parts.find((p) => p.type === CITATION_CHECKS_PART) as
    | { data?: readonly CitationCheck[] }
    | undefined;
  return Array.isArray(part?.data) ? part.data : undefined;
}

/**
 * A message's parts in order, each by its registered renderer; its citation checks go to the
 * chips of its text (CitationChecksContext).
 */
export function MessageParts({
  parts,
  ...context
}: PartRenderContext & { parts: readonly ChatPart[] }) {
  const renderers = usePartRenderers();
  const checks = citationChecksOf(parts);
  return (
    <CitationChecksContext value={checks}>
      {parts.map((part, index) => {
        const Renderer = resolvePartRenderer(renderers, part.type);
        if (!Renderer) return null;
        // biome-ignore lint/suspicious/noArrayIndexKey: parts have no ids; part n stays at place n
        return <Renderer key={`${part.type}-${index}`} part={part} {...context} />;
      })}
    </CitationChecksContext>
  );
}
