import { type DocumentCitation, documentCitationSchema } from "@nexus/contracts";
import type { UIMessage } from "ai";
import { z } from "zod";

/** A reply's metadata in a document chat (as an agent reply's: its entry and thread). */
export interface DocumentMessageMetadata {
  entryId?: string;
  threadId?: string;
  offline?: boolean;
  stopped?: boolean;
}

/** The data parts a document chat streams besides text: the reply's checked citations. */
export interface DocumentDataParts {
  citations: DocumentCitation[];
  [key: string]: unknown;
}

export type DocumentUIMessage = UIMessage<DocumentMessageMetadata, DocumentDataParts>;

/** The `data-citations` part's schema (the chat checks what the server streams). */
export const documentDataPartSchemas = {
  citations: z.array(documentCitationSchema),
};

/** The text of a message (its text parts, joined). */
export function messageText(message: Pick<DocumentUIMessage, "parts">): string {
  return message.parts
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("\n\n")
    .trim();
}

/** The reply's citations (its last `data-citations` part), or none yet. */
export function citationsOf(message: Pick<DocumentUIMessage, "parts">): DocumentCitation[] {
  for (let index = message.parts.length - 1; index >= 0; index -= 1) {
    const part = message.parts[index];
    if (part?.type !== "data-citations") continue;
    const parsed = z.array(documentCitationSchema).safeParse(part.data);
    return parsed.success ? parsed.data : [];
  }
  return [];
}

/** The conversation the server named (the first reply's metadata), if any. */
export function threadIdOf(messages: readonly DocumentUIMessage[]): string | null {
  for (const message of messages) {
    if (message.role === "assistant" && message.metadata?.threadId)
      return message.metadata.threadId;
  }
  return null;
}

/**
 * The passages a reply cites, each once: citations of the same label (one page, slide, sheet…)
 * are merged into one entry, in the order they are first cited, with every distinct quote.
 */
export interface CitedPassage {
  label: string;
  quotes: string[];
  /** The first citation of the passage (what a click on the entry jumps to). */
  citation: DocumentCitation;
  /** Every citation of it was unverified: it highlights nothing. */
  unverified: boolean;
}

export function citedPassages(citations: readonly DocumentCitation[]): CitedPassage[] {
  const byLabel = new Map<string, CitedPassage>();
  for (const citation of citations) {
    // A shared reply's citations have their file ids blanked: their file's name tells them apart.
    const key = `${citation.fileId || citation.fileName || ""}\u0000${citation.label}`;
    let passage = byLabel.get(key);
    if (!passage) {
      passage = { label: citation.label, quotes: [], citation, unverified: true };
      byLabel.set(key, passage);
    }
    if (citation.verified) {
      if (passage.unverified) passage.citation = citation;
      passage.unverified = false;
    }
    if (citation.quote && !passage.quotes.includes(citation.quote))
      passage.quotes.push(citation.quote);
  }
  return [...byLabel.values()];
}
