import { clsx } from "clsx";
import { Moon, Sun } from "lucide-react";
import { toggleMode, useThemePreference } from "@/lib/theme.ts";

/** Switches between light and dark mode; pressed while dark. */
export function ThemeToggle({ className }: { className?: string }) {
  const { mode } = useThemePreference();
  const dark = mode === "dark";
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      aria-label="Dark mode"
      aria-pressed={dark}
      title={dark ? "Switch to light mode" : "Switch to dark mode"}
      onClick={toggleMode}
      className={clsx(
        "inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg",
        className,
      )}
    >
      {dark ? (
        <Sun className="size-4" aria-hidden="true" />
      ) : (
        <Moon className="size-4" aria-hidden="true" />
      )}
    </button>
  );
}
