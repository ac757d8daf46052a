/**
 * What the answer chat kind offers other modules (ARCHITECTURE.md §3.1: a module imports another
 * only through its *.service.ts or *.chat.ts). The built-in offline engine reads the answer's
 * prompt format, so the offline agent words its prompt with it.
 */
export { systemPrompt as answerSystemPrompt } from "./answer.focus.ts";
