import "./answer-markdown.css";
import { type AnswerSource, citationCounts } from "@nexus/contracts";
import { clsx } from "clsx";
import type { Element } from "hast";
import { Component, memo, type ReactNode, useDeferredValue, useMemo } from "react";
import Markdown, { type Options } from "react-markdown";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import { toSafeHttpUrl, toSafeUrl } from "@/lib/chat/safe-url.ts";
import { proxiedImageSrc, sharedDocumentImage } from "@/lib/image-proxy.ts";
import { mightHaveCode, useHighlightPlugin } from "./highlight-loader.ts";
import { highestHeading, markdownBlocks } from "./markdown-blocks.ts";
import { COMPONENTS, pageOrigin } from "./markdown-components.tsx";
import { mightHaveMath, useMathPlugin } from "./math-loader.ts";
import { rehypeHeadingBase } from "./rehype-heading-base.ts";
import { remarkCitations } from "./remark-citations.ts";
import { remarkCurrencyDollars } from "./remark-currency-dollars.ts";
import { remarkInertHtml } from "./remark-inert-html.ts";
import {
  type RenderCitation,
  RenderCitationContext,
  SourceImagesContext,
  SourcesContext,
} from "./sources-context.ts";

export interface AnswerMarkdownProps {
  /** The answer (or any user/model markdown), possibly still streaming. */
  markdown: string;
  /** Numbered sources: [n] in the markdown is sources[n - 1]. */
  sources: readonly AnswerSource[];
  /** True while tokens are still arriving (an unfinished code fence or table renders calmly). */
  streaming?: boolean;
  className?: string;
  /** The level the answer's highest heading is drawn at: one below its question (default h2). */
  headingBase?: number;
  /**
   * Draws citation n (1 ≤ n ≤ citationCount) instead of the source chip; with it, `[n]` is a
   * citation up to citationCount rather than up to the number of sources.
   */
  renderCitation?: RenderCitation;
  citationCount?: number;
  /**
   * Images the message carried from its sources (its data-images' signed proxy URLs): with the
   * sources' favicons, the only images its text may show. An image the text names that is not
   * one of them (a model wrote it, whatever its signature) is a chip, never loaded (G14).
   */
  images?: readonly string[];
}

type PluggableList = NonNullable<Options["rehypePlugins"]>;

const rehypePluginsFor = (
  math: PluggableList[number] | null,
  highlight: PluggableList[number] | null,
  headingBase: number,
  headingFrom: number | null,
): PluggableList => [
  // KaTeX once loaded (math-loader.ts); until then math shows as its TeX source.
  ...(math ? [math] : []),
  // The highlighter once loaded (highlight-loader.ts); until then code shows plain.
  ...(highlight ? [highlight] : []),
  [rehypeHeadingBase, { base: headingBase, from: headingFrom }],
];

/**
 * Belt and braces: none of these can come out of the pipeline (raw HTML is text, KaTeX runs
 * untrusted), but if one ever did, it is dropped rather than rendered.
 */
const DISALLOWED_ELEMENTS: readonly string[] = [
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "button",
  "textarea",
  "select",
  "option",
  "base",
  "meta",
  "link",
  "noscript",
  "template",
  "portal",
  "video",
  "audio",
  "source",
  "track",
  "picture",
  "foreignObject",
  "image",
  "use",
  "animate",
  "set",
  "animateTransform",
  "animateMotion",
];

/** Chip counts per source as a string ("1:2,3:1"): a block's memo compares it by value. */
function encodeStarts(starts: ReadonlyMap<number, number>): string {
  return [...starts].map(([n, k]) => `${n}:${k}`).join(",");
}

function decodeStarts(encoded: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const pair of encoded.split(",")) {
    const [n, k] = pair.split(":").map(Number);
    if (n !== undefined && k !== undefined && Number.isInteger(n) && Number.isInteger(k))
      out.set(n, k);
  }
  return out;
}

/**
 * Every URL attribute passes through here before any component sees it. Links keep only the
 * normalized form of a safe absolute URL; image sources only this Nexus's image proxy (loaded) or
 * http(s) (the image component shows those as a chip); anything else is dropped.
 */
function urlTransform(url: string, key: string, node: Readonly<Element>): string | null {
  if (key === "href" && node.tagName === "a") return toSafeUrl(url)?.href ?? null;
  if (key === "src" && node.tagName === "img")
    return (
      proxiedImageSrc(url, pageOrigin()) ??
      sharedDocumentImage(url) ??
      toSafeHttpUrl(url)?.href ??
      null
    );
  return null;
}

interface MarkdownBlockProps {
  markdown: string;
  sourceCount: number;
  /** Chips of each source in the blocks before this one (encodeStarts). */
  citationStarts?: string;
  headingBase: number;
  /** The whole answer's highest heading level (this is one block of it). */
  headingFrom: number | null;
  /** The math renderer, once loaded. */
  math: PluggableList[number] | null;
  /** The code highlighter, once loaded (none: code stays plain). */
  highlight?: PluggableList[number] | null;
}

/**
 * One block's parsed + rendered tree; re-rendered only when its text, the number of sources or
 * the answer's highest heading changes (while an answer streams, only its last block).
 */
export const MarkdownBlock = memo(function MarkdownBlock({
  markdown,
  sourceCount,
  citationStarts = "",
  headingBase,
  headingFrom,
  math,
  highlight = null,
}: MarkdownBlockProps) {
  const remarkPlugins = useMemo<PluggableList>(
    () => [
      remarkInertHtml,
      remarkGfm,
      remarkMath,
      remarkCurrencyDollars,
      [remarkCitations, { count: sourceCount, starts: decodeStarts(citationStarts) }],
    ],
    [sourceCount, citationStarts],
  );
  const rehypePlugins = useMemo(
    () => rehypePluginsFor(math, highlight, headingBase, headingFrom),
    [math, highlight, headingBase, headingFrom],
  );
  return (
    <Markdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={COMPONENTS}
      disallowedElements={DISALLOWED_ELEMENTS}
      urlTransform={urlTransform}
      skipHtml={false}
    >
      {markdown}
    </Markdown>
  );
});

interface BoundaryProps {
  markdown: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  markdown: string;
}

/** If rendering ever fails on some input, show the text rather than breaking the page. */
class PlainTextOnError extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, markdown: this.props.markdown };

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.markdown === state.markdown ? null : { failed: false, markdown: props.markdown };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) return <div className="whitespace-pre-wrap">{this.props.markdown}</div>;
    return this.props.children;
  }
}

/**
 * The one renderer for model answers and user markdown (security gate G7): GFM, highlighted code,
 * KaTeX math and citation chips; no raw HTML, only safe links, no third-party images, and of this
 * Nexus's image proxy only the images the message's sources carried (`images`, favicons).
 */
export function AnswerMarkdown({
  markdown,
  sources,
  streaming,
  className,
  headingBase = 2,
  renderCitation,
  citationCount,
  images,
}: AnswerMarkdownProps) {
  // While streaming, typing stays responsive: React may skip intermediate token renders.
  const deferred = useDeferredValue(markdown);
  const blocks = useMemo(() => markdownBlocks(deferred), [deferred]);
  const count = citationCount ?? sources.length;
  // Each block's chips count on from the blocks before it (chip k of n shows check k of n).
  const starts = useMemo(() => {
    let seen = new Map<number, number>();
    return blocks.map((block) => {
      const encoded = encodeStarts(seen);
      seen = citationCounts(block, count, seen);
      return encoded;
    });
  }, [blocks, count]);
  const headingFrom = useMemo(() => highestHeading(deferred), [deferred]);
  const math = useMathPlugin(mightHaveMath(deferred));
  const highlight = useHighlightPlugin(mightHaveCode(deferred));
  const sourceImages = useMemo(() => {
    const allowed = new Set<string>();
    for (const raw of [...(images ?? []), ...sources.map((s) => s.favicon)]) {
      const src = proxiedImageSrc(raw, pageOrigin()) ?? sharedDocumentImage(raw);
      if (src) allowed.add(src);
    }
    return allowed;
  }, [images, sources]);
  return (
    <div
      data-testid="answer-markdown"
      data-streaming={streaming ? "" : undefined}
      className={clsx("answer-markdown", className)}
    >
      <SourcesContext.Provider value={sources}>
        <SourceImagesContext.Provider value={sourceImages}>
          <RenderCitationContext.Provider value={renderCitation}>
            <PlainTextOnError markdown={deferred}>
              {blocks.map((block, i) => (
                <MarkdownBlock
                  // Blocks only grow at the end: an index names the same block across updates.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={i}
                  markdown={block}
                  sourceCount={count}
                  citationStarts={starts[i]}
                  headingBase={headingBase}
                  headingFrom={headingFrom}
                  math={math}
                  highlight={highlight}
                />
              ))}
            </PlainTextOnError>
          </RenderCitationContext.Provider>
        </SourceImagesContext.Provider>
      </SourcesContext.Provider>
    </div>
  );
}
