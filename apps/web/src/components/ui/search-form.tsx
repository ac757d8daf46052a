import { clsx } from "clsx";
import { Search } from "lucide-react";
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useState,
} from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { useHydrated } from "@/lib/use-hydrated.ts";
import { useFileDrop } from "./use-file-drop.ts";
import { SendButton } from "./waiting-submit.tsx";

/**
 * The big "ask anything" box. Enter submits, Shift+Enter adds a line. An empty question submits
 * nothing. `submitDisabled` keeps typing possible but blocks sending; `waitingLabel` blocks it too
 * and says why on the send button ("Waiting for files…"); `action` replaces the send button (a Stop
 * button while an answer streams, for instance). `header` shows above the text (attached files),
 * `tools` beside the send button (the attach button); with `onFiles`, files dropped on the box or
 * pasted into it are handed over instead of becoming text.
 */
export function SearchForm({
  onSubmit,
  label,
  placeholder,
  defaultValue = "",
  autoFocus,
  size = "lg",
  className,
  inputRef,
  submitLabel,
  submitDisabled = false,
  clearOnSubmit = false,
  action,
  header,
  tools,
  onFiles,
  waitingLabel,
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
  header?: ReactNode;
  tools?: ReactNode;
  onFiles?: (files: File[]) => void;
  waitingLabel?: string | null;
}) {
  const t = useT();
  label ??= t("common.askAnything");
  placeholder ??= t("common.askAnythingPlaceholder");
  submitLabel ??= t("common.search");
  const [value, setValue] = useState(defaultValue);
  const { dragging, dropHandlers, onPaste } = useFileDrop(onFiles);
  const id = useId();
  const hydrated = useHydrated();
  const query = value.trim();
  const blocked = submitDisabled || Boolean(waitingLabel);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!query || blocked) return;
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
      {...dropHandlers}
      data-dragging={dragging ? "" : undefined}
      className={clsx(
        "group relative flex w-full min-w-0 flex-col gap-2 rounded-2xl border border-border bg-surface shadow-sm transition-shadow focus-within:border-accent/60 focus-within:shadow-md focus-within:ring-2 focus-within:ring-ring/25",
        size === "lg" ? "p-3 ps-4" : "p-2 ps-3",
        dragging && "border-accent ring-2 ring-ring/40",
        className,
      )}
    >
      {header}
      <div className="flex w-full min-w-0 items-start gap-2">
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
          onPaste={onPaste}
          className="max-h-48 min-h-10 min-w-0 flex-1 resize-none bg-transparent py-2 text-base text-fg placeholder:text-subtle focus:outline-none"
        />
        {tools}
        {action ?? (
          <SendButton
            label={submitLabel}
            disabled={!query || submitDisabled}
            waitingLabel={waitingLabel}
            waitingTestId="search-form-waiting"
          />
        )}
      </div>
    </form>
  );
}
