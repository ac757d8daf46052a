import type { Deps, SessionUser } from "./deps.ts";
import { AppError } from "./lib/errors.ts";
import * as documents from "./modules/documents/documents.service.ts";
import type { FirstViewValues } from "./static.ts";

/** `/app/document-chat/<documentId>`: a new chat over one of the person's documents. */
const NEW_DOCUMENT_CHAT = /^\/app\/document-chat\/([^/]+)\/?$/;

/**
 * Which starters the chat offers first, by the document's kind (the web's starterSubject in
 * features/documents/lib/starters.ts; its first view's fields in src/app/first-views.tsx).
 */
const SHEET_KINDS = new Set(["xlsx", "ods", "csv"]);
const SLIDE_KINDS = new Set(["pptx", "odp"]);
const subjectField = (kind: string) =>
  SHEET_KINDS.has(kind)
    ? "documentSheet"
    : SLIDE_KINDS.has(kind)
      ? "documentSlides"
      : "documentText";

/**
 * The first view of a new chat over the signed-in person's document: its name and its kind's
 * starters, when it is theirs and ready, and its bar shows nothing more (no warnings, no
 * recognised text). Anything else (someone else's, missing, failed, still being read) shows nothing
 * of it: the page draws its loading frame.
 * (`url`: the request's; its path is the page's.)
 */
export async function documentChatValues(
  deps: Deps,
  user: SessionUser,
  url: URL,
): Promise<FirstViewValues> {
  const segment = NEW_DOCUMENT_CHAT.exec(url.pathname)?.[1];
  // A cited passage's link (?chunk=) opens on the document (the phone's other tab): not drawn here.
  if (segment === undefined || url.searchParams.has("chunk")) return {};
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return {};
  }
  try {
    const doc = documents.documentInfo(await documents.ownedDocument(deps, user, id));
    if (doc.status !== "ready" || doc.warnings.length > 0 || doc.ocrPages.length > 0) return {};
    return { documentName: doc.name, [subjectField(doc.kind)]: "1" };
  } catch (error) {
    // Not found, not theirs or not an id: the app says so.
    if (!(error instanceof AppError))
      deps.logger.warn({ err: error }, "first view: document not read");
    return {};
  }
}
