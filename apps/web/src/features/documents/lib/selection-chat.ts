/**
 * Selected text in the viewer, handed to the document chat (issue 41): "Ask about this" sends a
 * question about the selection, "Quote in chat" places it, quoted, in the composer. The viewer
 * dispatches a request; the chat (document-chat-panel.tsx) answers it through
 * onDocumentChatRequest — one line there — and says so, else the workspace does it itself.
 */

export type DocumentChatRequest = { mode: "ask" | "quote"; text: string; documentId: string };

/** Most characters of a selection taken into the chat. */
export const MAX_SELECTION = 1_500;
const EVENT = "nexus:document-chat-request";

/** The selection as one tidy passage: whitespace collapsed, cut at MAX_SELECTION with "…". */
export function tidySelection(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_SELECTION ? `${flat.slice(0, MAX_SELECTION - 1).trimEnd()}…` : flat;
}

/** The passage as a Markdown quote, a blank line after it for the question. */
export function quoteText(text: string): string {
  return `> ${tidySelection(text)}\n\n`;
}

/** The question "Ask about this" sends. */
export function askAboutText(text: string): string {
  return `Explain this passage:\n\n> ${tidySelection(text)}`;
}

/** Sends a request to the document chat; true when the chat took it. */
export function requestDocumentChat(request: DocumentChatRequest): boolean {
  const event = new CustomEvent<DocumentChatRequest>(EVENT, { detail: request, cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

/**
 * For the chat: handle the viewer's requests for `documentId` (return true when handled). Returns
 * the unsubscribe function, so it fits a useEffect as it is.
 */
export function onDocumentChatRequest(
  documentId: string,
  handle: (request: DocumentChatRequest) => boolean,
): () => void {
  const listener = (event: Event) => {
    const { detail } = event as CustomEvent<DocumentChatRequest>;
    if (detail?.documentId === documentId && handle(detail)) event.preventDefault();
  };
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
