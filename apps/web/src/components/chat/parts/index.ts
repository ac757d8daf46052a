import type { PartRenderers } from "../part-registry.tsx";
import { ReasoningPart } from "./reasoning-part.tsx";
import { TextPart } from "./text-part.tsx";

/** The renderers every chat shares: text as cited markdown, reasoning folded away. */
export const chatPartRenderers: PartRenderers = { text: TextPart, reasoning: ReasoningPart };

export { ReasoningPart, TextPart };
