import { pluginLoader, type RehypePlugin } from "./plugin-loader.ts";

/** KaTeX (about 75 KB gzip; most answers have no math), downloaded for the first math. */
const math = pluginLoader(() => import("./katex-plugin.ts").then((m) => m.katexPlugin));

export const loadMath: () => Promise<void> = math.load;

/** Math is written between dollars (remark-math); text without one has none. */
export function mightHaveMath(markdown: string): boolean {
  return markdown.includes("$");
}

/** The math plugin once loaded (null before: math shows as its TeX source meanwhile). */
export const useMathPlugin: (needed: boolean) => RehypePlugin | null = math.usePlugin;
