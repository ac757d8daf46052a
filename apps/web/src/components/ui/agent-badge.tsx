import { Bot } from "lucide-react";

/** The agent a conversation (or a saved reply) belongs to, as history and the library show it. */
export function AgentBadge({ name, testId }: { name: string; testId: string }) {
  return (
    <span data-testid={testId} className="inline-flex items-center gap-1 font-medium text-accent">
      <Bot className="size-3.5" aria-hidden="true" />
      {name}
    </span>
  );
}
