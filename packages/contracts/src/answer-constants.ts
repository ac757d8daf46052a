// The answer's constants, without zod: the web's first pages (the landing, the home) read these,
// and a module of schemas beside them would bring zod's chunk into those pages (answer.ts has the
// schemas). messages-spec.test.ts keeps this file free of value imports.

/** Focus modes (issue 3): each has its own search categories and prompt. */
export const FOCUS_MODES = ["web", "academic", "video", "social", "writing", "local"] as const;

/** Longest question accepted, in characters. */
export const MAX_QUERY_CHARS = 4000;

/** Most files one question can carry (POST /api/answer `fileIds`). */
export const MAX_ATTACHED_FILES = 10;

/** The badge on answers written by the built-in offline engine (no model configured). */
export const OFFLINE_MODE_LABEL = "Offline mode";
/** What the offline badge explains. */
export const OFFLINE_MODE_EXPLANATION =
  "Answered by the built-in offline engine from local sources. Configure a model (LLM_BASE_URL) for written answers.";

/**
 * The landing page's example questions and the app home's "Try asking": questions the built-in
 * knowledge base answers well, so a fresh offline install answers them (issue 38; the offline
 * evaluation checks every one of them is answered, not refused).
 */
export const LANDING_EXAMPLE_QUESTIONS = [
  "How do I connect Nexus to a local model with Ollama?",
  "How do share links work?",
  "What can the offline engine answer?",
] as const;
export const HOME_EXAMPLE_QUESTIONS = [
  "How do I sign in to Nexus?",
  "What are the limits of the free plan?",
  "How do I connect Nexus to SearXNG?",
  "How do share links work?",
] as const;
