import { ArrowUp, Square } from "lucide-react";
import {
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  useId,
  useImperativeHandle,
  useState,
} from "react";

/** Puts a draft into the composer (replacing its text) and focuses it. */
export type ComposerDraft = (text: string) => void;

/**
 * The message box at the bottom of an agent chat: Enter sends, Shift+Enter adds a line; while a
 * reply streams it offers Stop instead of Send. `disabled` (no model for this agent) blocks typing.
 * `draftRef` receives a function that fills it from elsewhere (the Python scratchpad's "Send to
 * tutor").
 */
export function AgentComposer({
  agentName,
  busy,
  disabled,
  statusText,
  inputRef,
  draftRef,
  onSend,
  onStop,
}: {
  agentName: string;
  busy: boolean;
  disabled: boolean;
  statusText: string;
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
    <div
      data-testid="agent-composer"
      className="sticky bottom-0 z-10 -mx-4 mt-auto bg-linear-to-t from-bg from-70% to-transparent px-4 pt-6 pb-4 sm:-mx-6 sm:px-6"
    >
      <p
        role="status"
        aria-live="polite"
        className="mb-2 min-h-5 truncate text-xs text-muted"
        data-testid="agent-status"
      >
        {statusText}
      </p>
      <form
        onSubmit={submit}
        className="flex w-full min-w-0 items-start gap-2 rounded-2xl border border-border bg-surface p-2 pl-3 shadow-sm transition-shadow focus-within:border-accent/60 focus-within:shadow-md focus-within:ring-2 focus-within:ring-ring/25 has-disabled:opacity-70"
      >
        <label htmlFor={id} className="sr-only">
          Message {agentName}
        </label>
        <textarea
          ref={inputRef}
          id={id}
          rows={1}
          value={value}
          disabled={disabled}
          placeholder={disabled ? `${agentName} needs a language model` : `Message ${agentName}…`}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          className="field-sizing-content max-h-48 min-h-10 min-w-0 flex-1 resize-none bg-transparent py-2 text-base text-fg placeholder:text-subtle focus:outline-none disabled:cursor-not-allowed"
        />
        {busy ? (
          <button
            type="button"
            onClick={onStop}
            className="inline-flex h-10 shrink-0 items-center justify-center gap-1.5 self-end rounded-xl border border-border bg-surface-2 px-3 text-sm font-medium text-fg transition-colors hover:bg-border/70 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <Square className="size-3.5 fill-current" aria-hidden="true" />
            Stop
          </button>
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
    </div>
  );
}
