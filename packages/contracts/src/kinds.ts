import { z } from "zod";
import { HISTORY_FILTERS, type HistoryFilter } from "./kind-paths.ts";

/**
 * The one kind vocabulary (ARCHITECTURE.md §3.1 "A kind is declared once"): what kind of chat a
 * thread, a history entry, a share and a chat job are. The kinds this product ships are listed
 * in kind-paths.ts (CHAT_KINDS, with the filters and paths: no zod there, the first pages read
 * them); what each one is (label, subject, thread link, share presentation, history filter) is
 * declared once by its server module (modules/<x>/<x>.chat.ts) and reaches the web through the
 * API (a thread's `label`, `subject`, `href`), so no other code branches on a kind's id. The wire
 * accepts any well-formed id: a kind registered on the server is listed without touching this file.
 */

/** A kind's id on the wire: lower-case words joined by '-'. */
export const chatKindSchema = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/);
export type ChatKindId = z.infer<typeof chatKindSchema>;

export const historyFilterSchema = z.enum(
  Object.keys(HISTORY_FILTERS) as [HistoryFilter, ...HistoryFilter[]],
);

/**
 * What a thread is with, as its kind names it: an agent, a document, a research question… `name`
 * is what the person reads (the agent's name, the document's file name); null: nothing to name.
 */
export const threadSubjectSchema = z.object({ id: z.string(), name: z.string() });
export type ThreadSubject = z.infer<typeof threadSubjectSchema>;

/**
 * How a thread of a kind is presented wherever it is listed (history, Recent, the library,
 * Settings' share list): its kind's label, its subject, the badge beside its title (null: none)
 * and where it opens. Made on the server from the kind's declaration.
 */
export const threadPresentationSchema = z.object({
  kind: chatKindSchema,
  /** The kind's label ("Answer", "Agent", "Document chat", "Deep research"). */
  label: z.string(),
  subject: threadSubjectSchema.nullable(),
  /** The badge a listed thread shows (an agent's or document's name, "Deep research"). */
  badge: z.string().nullable(),
  /** The badge's icon, a name of the app's kind icons ("bot", "telescope", "file-text"). */
  icon: z.string().nullable(),
  /** The app path the thread opens at. */
  href: z.string(),
});
export type ThreadPresentation = z.infer<typeof threadPresentationSchema>;
