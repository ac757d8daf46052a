import type { CustomAgent } from "@nexus/contracts";
import { clsx } from "clsx";

type Color = CustomAgent["color"];

/** Each avatar colour's classes, readable in light and dark themes (the one place they are named). */
export const CUSTOM_AGENT_COLOR_CLASSES: Record<Color, string> = {
  indigo: "bg-indigo-100 text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-100",
  sky: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100",
  teal: "bg-teal-100 text-teal-900 dark:bg-teal-900/40 dark:text-teal-100",
  green: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  orange: "bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100",
  rose: "bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-100",
  violet: "bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100",
  slate: "bg-slate-100 text-slate-900 dark:bg-slate-800/60 dark:text-slate-100",
};

/** A custom agent's emoji on its colour. */
export function AgentAvatar({
  emoji,
  color,
  size = "md",
}: {
  emoji: string;
  color: Color;
  size?: "sm" | "md" | "lg";
}) {
  return (
    <span
      aria-hidden="true"
      data-testid="custom-agent-avatar"
      className={clsx(
        "flex shrink-0 items-center justify-center",
        size === "sm" && "size-8 rounded-lg text-base",
        size === "md" && "size-10 rounded-xl text-xl",
        size === "lg" && "size-11 rounded-xl text-2xl",
        CUSTOM_AGENT_COLOR_CLASSES[color] ?? CUSTOM_AGENT_COLOR_CLASSES.slate,
      )}
    >
      {emoji}
    </span>
  );
}
