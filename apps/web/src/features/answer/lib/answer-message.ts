import type {
  AnswerAttachment,
  AnswerDataParts,
  AnswerImage,
  AnswerMetadata,
  AnswerSource,
  AnswerVideo,
  UnreadUrl,
} from "@nexus/contracts";
import type { UIMessage } from "ai";

/** A message of the answer chat: AnswerMetadata plus the data-sources/images/videos/related parts. */
export type AnswerUIMessage = UIMessage<AnswerMetadata, AnswerDataParts>;

/** What one assistant message holds, read from its parts (later data parts win). */
export interface AnswerContent {
  text: string;
  reasoning: string;
  sources: AnswerSource[];
  images: AnswerImage[];
  videos: AnswerVideo[];
  related: string[];
  /** Addresses written in the question that could not be read (data-status "unread"). */
  unread: UnreadUrl[];
  /** A source-url or data-sources part has arrived. */
  hasSources: boolean;
  hasText: boolean;
  reasoningStreaming: boolean;
  /**
   * The answer's text arrived to its end: a stopped or failed answer leaves its part open (and
   * was not saved, so nothing may be bookmarked or shared from it).
   */
  complete: boolean;
}

export function answerContentOf(message: AnswerUIMessage | undefined): AnswerContent {
  const content: AnswerContent = {
    text: "",
    reasoning: "",
    sources: [],
    images: [],
    videos: [],
    related: [],
    unread: [],
    hasSources: false,
    hasText: false,
    reasoningStreaming: false,
    complete: false,
  };
  if (!message) return content;
  let textParts = 0;
  let openParts = 0;
  const sourceUrls: AnswerSource[] = [];
  let dataSources: AnswerSource[] | null = null;
  for (const part of message.parts) {
    switch (part.type) {
      case "text":
        content.text += part.text;
        textParts++;
        if (part.state === "streaming") openParts++;
        break;
      case "reasoning":
        content.reasoning += part.text;
        content.reasoningStreaming = part.state === "streaming";
        if (part.state === "streaming") openParts++;
        break;
      case "source-url":
        sourceUrls.push(sourceFromUrl(part.url, part.title));
        break;
      case "data-sources":
        dataSources = part.data;
        break;
      case "data-images":
        content.images = part.data;
        break;
      case "data-videos":
        content.videos = part.data;
        break;
      case "data-related":
        content.related = part.data;
        break;
      case "data-status":
        if (part.data.state === "unread")
          content.unread.push({ url: part.data.url, message: part.data.message });
        break;
      default:
        break;
    }
  }
  content.sources = dataSources ?? sourceUrls;
  content.hasSources = dataSources !== null || sourceUrls.length > 0;
  content.hasText = content.text.trim() !== "";
  content.complete = textParts > 0 && openParts === 0;
  return content;
}

function sourceFromUrl(url: string, title: string | undefined): AnswerSource {
  let domain = "";
  try {
    domain = new URL(url).hostname.replace(/^www\./, "");
  } catch {
    domain = url;
  }
  return { title: title ?? domain, url, domain, favicon: null, snippet: "" };
}

/** The text of a (user) message. */
export function textOf(message: AnswerUIMessage): string {
  return message.parts
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("")
    .trim();
}

/** The files attached to a question (its data-attachments part). */
export function attachmentsOf(message: AnswerUIMessage): AnswerAttachment[] {
  return message.parts.flatMap((part) => (part.type === "data-attachments" ? part.data : []));
}

/** A question to send, with the files attached to it (as a data-attachments part before its text). */
export function questionMessage(text: string, attachments: readonly AnswerAttachment[]) {
  if (attachments.length === 0) return { text };
  return {
    parts: [
      { type: "data-attachments" as const, data: [...attachments] },
      { type: "text" as const, text },
    ],
  };
}

/** One question and its answer (absent while the request has not started streaming). */
export interface AnswerTurn {
  query: string;
  user: AnswerUIMessage;
  answer: AnswerUIMessage | undefined;
}

/** Pairs each user message with the assistant message after it. */
export function turnsOf(messages: readonly AnswerUIMessage[]): AnswerTurn[] {
  const turns: AnswerTurn[] = [];
  for (const [index, message] of messages.entries()) {
    if (message.role !== "user") continue;
    const next = messages[index + 1];
    turns.push({
      query: textOf(message),
      user: message,
      answer: next?.role === "assistant" ? next : undefined,
    });
  }
  return turns;
}
