import { clsx } from "clsx";
import { ArrowUp, Search } from "lucide-react";
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useState,
} from "react";
import { useHydrated } from "@/lib/use-hydrated.ts";

/**
 * The big "ask anything" box. Enter submits, Shift+Enter adds a line. An empty question submits
 * nothing. `submitDisabled` keeps typing possible but blocks sending; `action` replaces the send
 * button (a Stop button while an answer streams, for instance).
 */
export function SearchForm({
  onSubmit,
  label = "Ask anything",
  placeholder = "Ask anything...",
  defaultValue = "",
  autoFocus,
  size = "lg",
  className,
  inputRef,
  submitLabel = "Search",
  submitDisabled = false,
  clearOnSubmit = false,
  action,
}: {
  onSubmit: (query: string) => void;
  label?: string;
  placeholder?: string;
  defaultValue?: string;
  autoFocus?: boolean;
  size?: "md" | "lg";
  className?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
  submitLabel?: string;
  submitDisabled?: boolean;
  clearOnSubmit?: boolean;
  action?: ReactNode;
}) {
  const [value, setValue] = useState(defaultValue);
  const id = useId();
  const hydrated = useHydrated();
  const query = value.trim();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!query || submitDisabled) return;
    onSubmit(query);
    if (clearOnSubmit) setValue("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={submit}
      className={clsx(
        "group relative flex w-full items-start gap-2 rounded-2xl border border-border bg-surface shadow-sm transition-shadow focus-within:border-accent/60 focus-within:shadow-md focus-within:ring-2 focus-within:ring-ring/25",
        size === "lg" ? "p-3 pl-4" : "p-2 pl-3",
        className,
      )}
    >
      <Search className="mt-2.5 size-5 shrink-0 text-subtle" aria-hidden="true" />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={inputRef}
        id={id}
        name="q"
        rows={size === "lg" ? 2 : 1}
        value={value}
        // Read-only on a prerendered page until it hydrates (typing would be lost).
        readOnly={!hydrated}
        // biome-ignore lint/a11y/noAutofocus: the search box is the point of the screen
        autoFocus={autoFocus}
        placeholder={placeholder}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-48 min-h-10 flex-1 resize-none bg-transparent py-2 text-base text-fg placeholder:text-subtle focus:outline-none"
      />
      {action ?? (
        <button
          type="submit"
          aria-label={submitLabel}
          disabled={!query || submitDisabled}
          className="inline-flex size-10 shrink-0 items-center justify-center self-end rounded-xl bg-accent text-accent-fg transition-colors hover:bg-accent-hover disabled:opacity-40"
        >
          <ArrowUp className="size-5" aria-hidden="true" />
        </button>
      )}
    </form>
  );
}
