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
