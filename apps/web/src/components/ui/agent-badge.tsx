import { Bot, FileText, type LucideIcon, Table2, Telescope } from "lucide-react";

/** The icons a kind's badge may name (its declaration's `icon`, contracts kinds.ts). */
const KIND_ICONS: Readonly<Record<string, LucideIcon>> = {
  bot: Bot,
  telescope: Telescope,
  "file-text": FileText,
  table: Table2,
};

/**
 * What a conversation (or a saved reply) is with, as history, Recent and the library show it: its
 * badge and icon as its kind presents them (an agent's name, a document's, "Deep research").
 */
export function AgentBadge({
  name,
  testId,
  kind,
  icon,
}: {
  name: string;
  testId: string;
  kind: string;
  icon: string | null;
}) {
  const Icon: LucideIcon = (icon ? KIND_ICONS[icon] : undefined) ?? Bot;
  return (
    <span
      data-testid={testId}
      data-kind={kind}
      className="inline-flex min-w-0 items-center gap-1 font-medium text-accent"
    >
      <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">{name}</span>
    </span>
  );
}
