import type { FocusMode } from "@nexus/contracts";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { SearchForm } from "@/components/ui/search-form.tsx";
import { paths } from "@/config/paths.ts";
import { isFocusSearchState } from "../hooks/use-new-thread-shortcut.ts";
import { useSlashFocus } from "../hooks/use-slash-focus.ts";
import { ExampleQuestions } from "./example-questions.tsx";
import { FocusSelector } from "./focus-selector.tsx";
import { ReasoningSwitch } from "./reasoning-switch.tsx";

/**
 * The home screen's question box with its focus modes, the reasoning switch and example questions.
 * Asking opens a new thread on the answer page ("/" focuses the box, Ctrl+K comes back here).
 */
export function HomeSearch() {
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [focusMode, setFocusMode] = useState<FocusMode>("web");
  const [reasoning, setReasoning] = useState(false);
  useSlashFocus(inputRef);

  const focusRequest = isFocusSearchState(location.state) ? location.state.focusSearch : null;
  useEffect(() => {
    if (focusRequest !== null) inputRef.current?.focus();
  }, [focusRequest]);

  const ask = (query: string) => {
    void navigate(paths.app.search.href(query, { focus: focusMode, reasoning }));
  };

  return (
    <div className="flex w-full flex-col gap-6">
      <SearchForm autoFocus inputRef={inputRef} onSubmit={ask} />
      <div className="flex flex-col gap-3">
        <FocusSelector value={focusMode} onChange={setFocusMode} />
        <ReasoningSwitch checked={reasoning} onChange={setReasoning} />
      </div>
      <ExampleQuestions onAsk={ask} />
    </div>
  );
}
