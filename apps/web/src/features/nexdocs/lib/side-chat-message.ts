import { type AnswerSource, answerSourceSchema } from "@nexus/contracts";
import type { UIMessage } from "ai";
import { z } from "zod";

/** A side-chat reply's metadata (an answer's: its entry and thread, offline, stopped). */
export interface SideChatMetadata {
  entryId?: string;
  threadId?: string;
  offline?: boolean;
  stopped?: boolean;
}

/** The data parts a side-chat reply streams besides text (the sources, their checks…). */
export interface SideChatDataParts {
  sources: AnswerSource[];
  [key: string]: unknown;
}

export type SideChatUIMessage = UIMessage<SideChatMetadata, SideChatDataParts>;

const sourcesSchema = z.array(answerSourceSchema);

/** The reply's numbered sources (its `data-sources` part), or none yet. */
export function sourcesOf(message: Pick<SideChatUIMessage, "parts">): AnswerSource[] {
  const part = message.parts.find((p) => p.type === "data-sources");
  if (!part || !("data" in part)) return [];
  const parsed = sourcesSchema.safeParse(part.data);
  return parsed.success ? parsed.data : [];
}

/** A message's text (its text parts, joined). */
export function messageText(message: Pick<SideChatUIMessage, "parts">): string {
  return message.parts
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("\n\n")
    .trim();
}
