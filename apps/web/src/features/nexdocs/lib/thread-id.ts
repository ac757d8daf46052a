/**
 * A new side-chat thread's id (the server keeps it when the first question is saved). Its own
 * module: the document screen makes one without loading the chat's code.
 */
export function newThreadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(
    bytes,
    (b) => "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"[b % 62],
  ).join("");
}
