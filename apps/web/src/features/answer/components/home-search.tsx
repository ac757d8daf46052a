import type { FocusMode } from "@nexus/contracts";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { SearchForm } from "@/components/ui/search-form.tsx";
import { paths } from "@/config/paths.ts";
import { isFocusSearchState } from "../hooks/use-new-thread-shortcut.ts";
import { useSlashFocus } from "../hooks/use-slash-focus.ts";
import { ExampleQuestions } from "./example-questions.tsx";
import { FocusChip } from "./focus-chip.tsx";
import { ReasoningChip } from "./reasoning-chip.tsx";

/**
 * The home screen's question box, with the focus mode and the reasoning switch as chips under it,
 * then suggestions (a slot: the app layer may fill it, e.g. from the discover feed; by default the
 * questions the built-in knowledge base answers). Asking opens a new thread on the answer page
 * ("/" focuses the box, Ctrl+K comes back here).
 */
export function HomeSearch({
  suggestions,
}: {
  suggestions?: (ask: (question: string) => void) => ReactNode;
} = {}) {
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
    <div className="flex w-full flex-col gap-8">
      <div className="flex flex-col gap-2">
        <SearchForm autoFocus inputRef={inputRef} onSubmit={ask} />
        <div className="flex flex-wrap items-center gap-2 px-1">
          <FocusChip value={focusMode} onChange={setFocusMode} />
          <ReasoningChip checked={reasoning} onChange={setReasoning} />
        </div>
      </div>
      {suggestions ? suggestions(ask) : <ExampleQuestions onAsk={ask} />}
    </div>
  );
}
