import type { AgentTool } from "@nexus/contracts";
import { Check, Wrench } from "lucide-react";
import { useMenuButton } from "@/components/ui/use-menu-button.ts";
import { type LiveValue, useLiveValue } from "@/lib/chat/live-value.ts";
import { useT } from "@/lib/i18n/i18n.ts";

const ITEM =
  "flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none";

/**
 * The composer's Tools menu: the agent's tools, each a switch for this chat (a menu of checkbox
 * items; Enter or Space flips one and keeps the menu open). The button shows how many are off.
 * The next reply runs without the switched-off tools (the chat's body sends `toolsOff`).
 */
export function AgentToolsMenu({
  tools,
  toolsOff,
  disabled,
}: {
  tools: readonly AgentTool[];
  toolsOff: LiveValue<AgentTool[]>;
  disabled: boolean;
}) {
  const t = useT();
  const off = useLiveValue(toolsOff);
  const menu = useMenuButton();
  if (tools.length === 0) return null;
  const offHere = tools.filter((tool) => off.includes(tool)).length;
  const label =
    offHere === 0
      ? t("agentTools.button")
      : t("agentTools.someOff", { off: offHere, total: tools.length });
  const flip = (tool: AgentTool) =>
    toolsOff.set(off.includes(tool) ? off.filter((t) => t !== tool) : [...off, tool]);
  return (
    <div className="relative shrink-0 self-end">
      <button
        {...menu.triggerProps}
        type="button"
        aria-label={label}
        title={label}
        data-testid="agent-tools"
        disabled={disabled}
        onClick={() => menu.setOpen((open) => !open)}
        className="relative inline-flex size-10 items-center justify-center rounded-xl text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-40 aria-expanded:bg-surface-2 aria-expanded:text-fg"
      >
        <Wrench className="size-5" aria-hidden="true" />
        {offHere > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 min-w-4 rounded-full bg-accent px-1 text-[10px] font-semibold leading-4 text-accent-fg"
          >
            {offHere}
          </span>
        ) : null}
      </button>
      {menu.open ? (
        <div
          {...menu.menuProps}
          role="menu"
          aria-label={t("agentTools.menu")}
          data-testid="agent-tools-menu"
          className="absolute right-0 bottom-full z-40 mb-2 flex w-64 flex-col gap-0.5 rounded-xl border border-border bg-surface p-1 shadow-lg"
        >
          <p className="px-3 pt-1.5 pb-1 text-xs text-muted">{t("agentTools.menu")}</p>
          {tools.map((tool) => {
            const on = !off.includes(tool);
            return (
              <button
                key={tool}
                type="button"
                role="menuitemcheckbox"
                aria-checked={on}
                tabIndex={-1}
                className={ITEM}
                onClick={() => flip(tool)}
              >
                <span
                  aria-hidden="true"
                  className={`inline-flex size-4 shrink-0 items-center justify-center rounded border ${on ? "border-accent bg-accent text-accent-fg" : "border-border"}`}
                >
                  {on ? <Check className="size-3" /> : null}
                </span>
                {t(`agentTools.tool.${tool}`)}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
