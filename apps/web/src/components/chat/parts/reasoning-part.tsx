import { Brain, ChevronRight } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";
import type { PartRendererProps } from "../part-registry.tsx";

/** A reasoning part: folded under "Reasoning" ("Thinking…" while it streams); blank draws nothing. */
export function ReasoningPart({
  part,
  streaming,
}: PartRendererProps<{ type: "reasoning"; text: string; state?: "streaming" | "done" }>) {
  const t = useT();
  if (part.text.trim() === "") return null;
  const thinking = streaming && part.state === "streaming";
  return (
    <details className="group/reasoning text-sm text-muted">
      <summary className="flex w-fit cursor-pointer list-none items-center gap-1.5 rounded hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <Brain className="size-4" aria-hidden="true" />
        {thinking ? t("chat.thinking") : t("home.reasoning")}
        <ChevronRight
          className="size-3.5 transition-transform group-open/reasoning:rotate-90"
          aria-hidden="true"
        />
      </summary>
      <p className="mt-2 border-l border-border pl-3 break-words whitespace-pre-wrap">
        {part.text}
      </p>
    </details>
  );
}
