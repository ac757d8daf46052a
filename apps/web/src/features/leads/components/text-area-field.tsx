import { clsx } from "clsx";
import { type TextareaHTMLAttributes, useId } from "react";

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: string;
}

/** A labelled multi-line input with an optional hint. */
export function TextAreaField({ label, hint, className, id, ...props }: TextAreaFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={inputId}
        aria-describedby={hint ? hintId : undefined}
        className="min-h-32 w-full rounded-lg border border-border bg-surface px-3 py-2 text-sm text-fg shadow-xs transition-colors placeholder:text-subtle focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0"
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-subtle">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
