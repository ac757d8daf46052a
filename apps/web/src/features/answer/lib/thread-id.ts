const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const THREAD_ID_LENGTH = 22;

/** A new thread id: 22 characters of [A-Za-z0-9] (≈131 bits) from crypto.getRandomValues. */
export function createThreadId(): string {
  let out = "";
  while (out.length < THREAD_ID_LENGTH) {
    const bytes = new Uint8Array(THREAD_ID_LENGTH * 2);
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 248 = 4 * 62: dropping larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < THREAD_ID_LENGTH) out += ALPHABET[byte % 62] ?? "";
    }
  }
  return out;
}
