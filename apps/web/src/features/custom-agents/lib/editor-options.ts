/** What the custom agent editor offers: tool labels, emoji suggestions, the emoji field's rule. */

/** What each tool lets the agent do, in one line. */
export const CUSTOM_AGENT_TOOL_LABELS: Record<string, string> = {
  "web-search": "Search the web",
  "read-url": "Read web pages",
  "youtube-transcript": "Read YouTube transcripts",
  "generate-image": "Generate images",
  "run-code": "Run JavaScript",
};

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
