// KaTeX's styles come with the renderer (an answer without math loads neither): the loader's
// dynamic import waits for them, so math is never drawn unstyled.
import "katex/dist/katex.min.css";
import type { KatexOptions } from "katex";
import type { Options } from "react-markdown";
import rehypeKatex from "rehype-katex";

/** KaTeX never trusts its input (no \href, \includegraphics, \htmlData …) and is bounded. */
const KATEX_OPTIONS: KatexOptions = {
  trust: false,
  strict: "ignore",
  throwOnError: false,
  maxExpand: 200,
  maxSize: 20,
  output: "htmlAndMathml",
  // Themed in answer-markdown.css (quiet while streaming, the danger colour once complete).
  errorColor: "var(--answer-math-error)",
} satisfies KatexOptions;

type RehypePlugin = NonNullable<Options["rehypePlugins"]>[number];

/** The math renderer (KaTeX, the largest part of the answer renderer), loaded by math-loader.ts. */
export const katexPlugin: RehypePlugin = [rehypeKatex, KATEX_OPTIONS];
