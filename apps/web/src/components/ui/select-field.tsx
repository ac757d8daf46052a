import { clsx } from "clsx";
import { ChevronDown } from "lucide-react";
import { type SelectHTMLAttributes, useId } from "react";
import { inputClasses } from "./text-field.tsx";

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> {
  label: string;
  hideLabel?: boolean;
  options: readonly SelectOption[];
  /** A first, empty option ("Choose…", "All statuses"). */
  placeholder?: string;
  error?: string | null;
}

/** A labelled native select (keyboard and screen readers for free), styled like the inputs. */
export function SelectField({
  label,
  hideLabel,
  options,
  placeholder,
  error,
  className,
  id,
  ...props
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={selectId} className={clsx("text-sm font-medium", hideLabel && "sr-only")}>
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          className={clsx(inputClasses, "appearance-none pe-9")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...props}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 end-3 size-4 -translate-y-1/2 text-subtle"
          aria-hidden="true"
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
