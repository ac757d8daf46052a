import { useEffect } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths.ts";

/** Location state asking the home screen to focus its search box. */
export interface FocusSearchState {
  focusSearch: number;
}

export function isFocusSearchState(state: unknown): state is FocusSearchState {
  return typeof state === "object" && state !== null && "focusSearch" in state;
}

/** Ctrl+K / Cmd+K anywhere in /app: a new thread (the home screen, its search box focused). */
export function useNewThreadShortcut(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.ctrlKey || event.metaKey)) return;
      if (event.altKey || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      const state: FocusSearchState = { focusSearch: Date.now() };
      const onHome = window.location.pathname.replace(/\/+$/, "") === paths.app.root.href();
      void navigate(paths.app.root.href(), { state, replace: onHome });
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [navigate]);
}
