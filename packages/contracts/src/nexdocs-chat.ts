import { z } from "zod";
import { answerRequestSchema } from "./answer.ts";

/**
 * NexDocs' side chat (issue 40 scope 4): POST /api/nexdocs/:id/chat. A question about the caller's
 * own document, answered from its sections; `web` and `files` add a web search or a search of the
 * person's files beside them (as the answer composer's focus does). The rest is an answer request
 * (the transport's messages, threadId, reasoning, regenerate).
 */
export const nexdocsChatRequestSchema = answerRequestSchema.and(
  z.looseObject({
    web: z.boolean().default(false),
    files: z.boolean().default(false),
  }),
);
export type NexdocsChatRequest = z.infer<typeof nexdocsChatRequestSchema>;

/** The app path of one section of a NexDocs document (a side-chat source's link). */
export function nexdocsSectionUrl(documentId: string, section: number): string {
  return `/app/nexdocs/${encodeURIComponent(documentId)}?section=${section}`;
}

/** The section a side-chat source stands for, from its link; null for any other source. */
export function nexdocsSectionOf(url: string): { documentId: string; section: number } | null {
  const m = /^\/app\/nexdocs\/([0-9a-f-]{36})\?section=(\d{1,6})$/i.exec(url);
  return m?.[1] && m[2] ? { documentId: m[1].toLowerCase(), section: Number(m[2]) } : null;
}
