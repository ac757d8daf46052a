import { ArrowUp } from "lucide-react";
import {
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  useId,
  useImperativeHandle,
  useState,
} from "react";
import { StopButton } from "./composer-dock.tsx";

/** Puts a draft into the composer (replacing its text) and focuses it. */
export type ComposerDraft = (text: string) => void;

/**
 * A chat's message box: Enter sends, Shift+Enter adds a line (an IME composition's Enter does
 * neither); blank text is never sent. While a reply streams (`busy`) it offers Stop instead of
 * Send; `disabled` blocks typing and sending. `draftRef` receives a function that fills it from
 * elsewhere (a workbench's "Send to tutor").
 */
export function ChatComposer({
  label,
  placeholder,
  busy,
  disabled,
  inputRef,
  draftRef,
  onSend,
  onStop,
}: {
  /** The box's accessible name ("Message Writer"). */
  label: string;
  placeholder: string;
  busy: boolean;
  disabled: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
  draftRef?: Ref<ComposerDraft>;
  onSend: (text: string) => void;
  onStop: () => void;
}) {
  const [value, setValue] = useState("");
  const id = useId();
  const text = value.trim();
  useImperativeHandle(
    draftRef,
    () => (draft: string) => {
      setValue(draft);
      document.getElementById(id)?.focus();
    },
    [id],
  );

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text || busy || disabled) return;
    onSend(text);
    setValue("");
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
      className="flex w-full min-w-0 items-start gap-2 rounded-2xl border border-border bg-surface p-2 pl-3 shadow-sm transition-shadow focus-within:border-accent/60 focus-within:shadow-md focus-within:ring-2 focus-within:ring-ring/25 has-disabled:opacity-70"
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={inputRef}
        id={id}
        rows={1}
        value={value}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        className="field-sizing-content max-h-48 min-h-10 min-w-0 flex-1 resize-none bg-transparent py-2 text-base text-fg placeholder:text-subtle focus:outline-none disabled:cursor-not-allowed"
      />
      {busy ? (
        <StopButton onStop={onStop} />
      ) : (
        <button
          type="submit"
          aria-label="Send"
          disabled={!text || disabled}
          className="inline-flex size-10 shrink-0 items-center justify-center self-end rounded-xl bg-accent text-accent-fg transition-colors hover:bg-accent-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-40"
        >
          <ArrowUp className="size-5" aria-hidden="true" />
        </button>
      )}
    </form>
  );
}
