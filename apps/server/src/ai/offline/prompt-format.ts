import type { LanguageModelV3Prompt } from "@ai-sdk/provider";

/**
 * The prompt contract between the answer pipeline and every model, the offline engine included.
 *
 * The pipeline puts the numbered sources in the system prompt with `formatSources` and a focus
 * line with `focusMarker`; the question is the last user message:
 *
 *   Focus mode: web
 *   …instructions…
 *   <sources>
 *   [1] Connecting a language model — Ollama
 *   /blog/connecting-a-model#ollama
 *   Install Ollama, pull a model with …
 *
 *   [2] …
 *   </sources>
 *
 * A block is a header line `[n] Title` (n counting 1, 2, 3… in order), the URL on the next line,
 * then the content up to the next block. An LLM reads it as it is; the offline engine parses it.
 */

export const SOURCES_OPEN = "<sources>";
export const SOURCES_CLOSE = "</sources>";

/** The line the pipeline puts in every system prompt: `Focus mode: <mode>`. */
export const FOCUS_MARKER_PREFIX = "Focus mode: ";

export function focusMarker(focusMode: string): string {
  return `${FOCUS_MARKER_PREFIX}${focusMode}`;
}

/** The focus mode whose requests need generation (no search): the offline engine declines them. */
export const WRITING_FOCUS = "writing";
export const WRITING_FOCUS_MARKER = focusMarker(WRITING_FOCUS);

export interface SourceInput {
  title: string;
  url: string;
  content: string;
}

/** A source as numbered in the prompt ([n], 1-based). */
export interface PromptSource extends SourceInput {
  n: number;
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Content as it goes into a block: no closing tag and no blank-line runs to confuse the parser. */
function blockContent(content: string): string {
  return content
    .replace(/\r\n?/g, "\n")
    .replaceAll(SOURCES_CLOSE, "</ sources>")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The numbered sources block, [1] first, in the order given. */
export function formatSources(sources: readonly SourceInput[]): string {
  const blocks = sources.map(
    (source, i) =>
      `[${i + 1}] ${oneLine(source.title) || "Untitled"}\n${oneLine(source.url)}\n${blockContent(source.content)}`,
  );
  return `${SOURCES_OPEN}\n${blocks.join("\n\n")}\n${SOURCES_CLOSE}`;
}

const HEADER = /^\[(\d+)\] (.*)$/;
const URL_LINE = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/)\S*$/i;

/**
 * The sources of the last `<sources>` block in `text`. A header counts only when its number is the
 * next one expected and the following line is a URL, so "[2] …" lines inside content (reference
 * lists, footnotes) do not split a block.
 */
export function parseSources(text: string): PromptSource[] {
  const open = text.lastIndexOf(SOURCES_OPEN);
  if (open < 0) return [];
  const afterOpen = text.slice(open + SOURCES_OPEN.length);
  const close = afterOpen.indexOf(SOURCES_CLOSE);
  const lines = (close < 0 ? afterOpen : afterOpen.slice(0, close)).split(/\r?\n/);
  const sources: PromptSource[] = [];
  let content: string[] = [];
  const finish = () => {
    const last = sources.at(-1);
    if (last) last.content = content.join("\n").trim();
    content = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const header = HEADER.exec(line);
    const next = (lines[i + 1] ?? "").trim();
    if (header && Number(header[1]) === sources.length + 1 && URL_LINE.test(next)) {
      finish();
      sources.push({
        n: sources.length + 1,
        title: (header[2] ?? "").trim(),
        url: next,
        content: "",
      });
      i++;
      continue;
    }
    if (sources.length > 0) content.push(line);
  }
  finish();
  return sources;
}

function messageText(message: LanguageModelV3Prompt[number]): string {
  if (message.role === "system") return message.content;
  return message.content
    .map((part) => (part.type === "text" ? part.text : ""))
    .filter((text) => text !== "")
    .join("\n");
}

function withoutSources(text: string): string {
  const open = text.indexOf(SOURCES_OPEN);
  if (open < 0) return text;
  const close = text.lastIndexOf(SOURCES_CLOSE);
  const end = close > open ? close + SOURCES_CLOSE.length : text.length;
  return `${text.slice(0, open)}${text.slice(end)}`;
}

export interface OfflinePrompt {
  /** The last user message, without any sources block it carried. */
  question: string;
  /** The sources of the last sources block in the system or user messages. */
  sources: PromptSource[];
  /** From the `Focus mode: …` line, when present. */
  focusMode: string | null;
}

/** What the offline engine needs from an AI SDK prompt. */
export function readOfflinePrompt(prompt: LanguageModelV3Prompt): OfflinePrompt {
  let question = "";
  let sources: PromptSource[] = [];
  let focusMode: string | null = null;
  for (const message of prompt) {
    if (message.role !== "system" && message.role !== "user") continue;
    const text = messageText(message);
    const parsed = parseSources(text);
    if (parsed.length > 0) sources = parsed;
    if (message.role === "user") question = oneLine(withoutSources(text));
    for (const line of withoutSources(text).split("\n")) {
      if (line.startsWith(FOCUS_MARKER_PREFIX))
        focusMode = line.slice(FOCUS_MARKER_PREFIX.length).trim().toLowerCase() || null;
    }
  }
  return { question, sources, focusMode };
}
