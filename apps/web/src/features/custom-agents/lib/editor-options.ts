/** What the custom agent editor offers: tool labels, emoji suggestions, the emoji field's rule. */

export const EMOJI_SUGGESTIONS = [
  "🤖",
  "✍️",
  "📚",
  "💡",
  "🧠",
  "🔍",
  "🧑‍💻",
  "📈",
  "🎨",
  "🌍",
  "🍳",
  "🧘",
] as const;

/** The last character (grapheme) typed: the emoji field holds one. */
export function lastGrapheme(value: string): string {
  const segments = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(value)];
  return segments.at(-1)?.segment ?? "";
}
