/** Constants of the browser app (spec §9). */

/** A lazily loaded page (code chunk) that has not arrived after this long is reported as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * sessionStorage key of an anonymous visitor's answer threads of this tab ({ threads: [...] },
 * most recent first; finished and stopped turns), so a reload restores them and sign-in can save
 * every one; the server keeps nothing for anonymous visitors.
 */
export const ANSWER_THREAD_SESSION_KEY = "nexus.answerThread";
