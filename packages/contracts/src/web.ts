/** Constants of the browser app (spec §9). */

/** A lazily loaded page (code chunk) that has not arrived after this long is reported as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * sessionStorage key of an anonymous visitor's current answer thread (finished turns only), so a
 * reload of the tab restores it; the server keeps nothing for anonymous visitors.
 */
export const ANSWER_THREAD_SESSION_KEY = "nexus.answerThread";
