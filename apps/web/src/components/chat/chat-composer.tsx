import { clsx } from "clsx";
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useImperativeHandle,
  useState,
} from "react";
import { useFileDrop } from "@/components/ui/use-file-drop.ts";
import { SendButton } from "@/components/ui/waiting-submit.tsx";
import { StopButton } from "./composer-dock.tsx";

/** Puts a draft into the composer (replacing its text) and focuses it. */
export type ComposerDraft = (text: string) => void;

/** What a composer shows and does for files attached to the message (a feature's attachments). */
export interface ComposerAttach {
  /** Above the text (the attached files' chips). */
  header?: ReactNode;
  /** Beside the send button (the paperclip). */
  tools?: ReactNode;
  /** Files dropped on the box or pasted into it are handed here instead of becoming text. */
  onFiles?: (files: File[]) => void;
  /** Set while the message waits for its files: sending is blocked, the send button says why. */
  waitingLabel?: string | null;
}

/**
 * A chat's message box: Enter sends, Shift+Enter adds a line (an IME composition's Enter does
 * neither); blank text is never sent. While a reply streams (`busy`) it offers Stop instead of
 * Send, and keeps what is typed — unless `queueWhileBusy`: then Enter still sends (the caller
 * holds the message until the reply ends). `disabled` blocks typing and sending. `draftRef`
 * receives a function that fills it from elsewhere (a workbench's "Send to tutor"). With `attach`,
 * files can be attached (chips above the text, a paperclip, drop and paste; sending waits for them).
 */
export function ChatComposer({
  label,
  placeholder,
  submitLabel = "Send",
  leading,
  busy,
  queueWhileBusy = false,
  disabled = false,
  inputRef,
  draftRef,
  attach = {},
  onSend,
  onStop,
}: {
  /** The box's accessible name ("Message Writer"). */
  label: string;
  placeholder: string;
  /** The send button's accessible name. */
  submitLabel?: string;
  /** Before the text (the answer page's search glyph). */
  leading?: ReactNode;
  busy: boolean;
  queueWhileBusy?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
  draftRef?: Ref<ComposerDraft>;
  attach?: ComposerAttach;
  onSend: (text: string) => void;
  onStop: () => void;
}) {
  const [value, setValue] = useState("");
  const id = useId();
  const text = value.trim();
  const { header, tools, onFiles, waitingLabel } = attach;
  const { dragging, dropHandlers, onPaste } = useFileDrop(onFiles);
  const blocked = disabled || Boolean(waitingLabel) || (busy && !queueWhileBusy);
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
    if (!text || blocked) return;
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
      {...dropHandlers}
      data-dragging={dragging ? "" : undefined}
      className={clsx(
        "flex w-full min-w-0 flex-col gap-2 rounded-2xl border border-border bg-surface p-2 pl-3 shadow-sm transition-shadow focus-within:border-accent/60 focus-within:shadow-md focus-within:ring-2 focus-within:ring-ring/25 has-[textarea:disabled]:opacity-70",
        dragging && "border-accent ring-2 ring-ring/40",
      )}
    >
      {header}
      <div className="flex w-full min-w-0 items-start gap-2">
        {leading}
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
          onPaste={onPaste}
          className="field-sizing-content max-h-48 min-h-10 min-w-0 flex-1 resize-none bg-transparent py-2 text-base text-fg placeholder:text-subtle focus:outline-none disabled:cursor-not-allowed"
        />
        {tools}
        {busy ? (
          <StopButton onStop={onStop} />
        ) : (
          <SendButton
            label={submitLabel}
            disabled={!text || disabled}
            waitingLabel={waitingLabel}
          />
        )}
      </div>
    </form>
  );
}
