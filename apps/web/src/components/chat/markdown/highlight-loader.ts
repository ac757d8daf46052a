import { pluginLoader, type RehypePlugin } from "./plugin-loader.ts";

/**
 * The code highlighter (lowlight and 18 highlight.js grammars, ~80 KB of the answer renderer's
 * 267 KB), downloaded for the first fenced code: most answers have none, and the answer page's
 * first view parsed it for nothing (Lighthouse, issue 24).
 */
const highlight = pluginLoader(
  () => import("./highlight-plugin.ts").then((m) => m.rehypeHighlightSubset),
  // As before it was loaded on demand: a static render highlights (the G7 sweep renders so).
  { inServerRender: true },
);

export const loadHighlight: () => Promise<void> = highlight.load;

/** Only fenced code is highlighted (``` or ~~~); text without a fence has none. */
export function mightHaveCode(markdown: string): boolean {
  return markdown.includes("```") || markdown.includes("~~~");
}

/** The highlighter once loaded (null before: code shows plain meanwhile). */
export const useHighlightPlugin: (needed: boolean) => RehypePlugin | null = highlight.usePlugin;
