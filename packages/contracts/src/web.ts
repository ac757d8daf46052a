/** Constants of the browser app (spec §9). */

/** A lazily loaded page (code chunk) that has not arrived after this long is reported as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
