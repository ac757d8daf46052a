import { clsx } from "clsx";
import { Moon, Sun } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";
import { toggleMode, useThemePreference } from "@/lib/theme.ts";

/** Switches between light and dark mode; pressed while dark. */
export function ThemeToggle({ className }: { className?: string }) {
  const t = useT();
  const { mode } = useThemePreference();
  const dark = mode === "dark";
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      aria-label={t("theme.darkMode")}
      aria-pressed={dark}
      title={dark ? t("theme.toLight") : t("theme.toDark")}
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
