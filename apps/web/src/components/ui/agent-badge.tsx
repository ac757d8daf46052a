import { Bot, type LucideIcon, Telescope } from "lucide-react";

/**
 * The agent a conversation (or a saved reply) belongs to, as history and the library show it; a
 * deep research shows a telescope.
 */
export function AgentBadge({
  name,
  testId,
  research = false,
}: {
  name: string;
  testId: string;
  research?: boolean;
}) {
  const Icon: LucideIcon = research ? Telescope : Bot;
  return (
    <span
      data-testid={testId}
      data-kind={research ? "research" : "agent"}
      className="inline-flex items-center gap-1 font-medium text-accent"
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {name}
    </span>
  );
}
