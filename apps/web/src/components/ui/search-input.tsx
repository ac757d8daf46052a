import { clsx } from "clsx";
import { Search, X } from "lucide-react";
import { useId } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { useHydrated } from "@/lib/use-hydrated.ts";
import { inputClasses } from "./text-field.tsx";

/** A labelled search box for filtering a list (the label is visually hidden). */
export function SearchInput({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  busy = false,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  busy?: boolean;
  className?: string;
}) {
  const t = useT();
  const id = useId();
  const hydrated = useHydrated();
  return (
    <search className={clsx("relative block", className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-subtle"
        aria-hidden="true"
      />
      <input
        id={id}
        type="search"
        value={value}
        // Read-only on a prerendered page until it hydrates (typing would be lost).
        readOnly={!hydrated}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-busy={busy || undefined}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape" && value !== "") {
            event.preventDefault();
            onChange("");
          }
        }}
        className={clsx(inputClasses, "pe-9 ps-9 [&::-webkit-search-cancel-button]:hidden")}
      />
      {value !== "" ? (
        <button
          type="button"
          aria-label={t("common.clearSearch")}
          onClick={() => onChange("")}
          className="absolute top-1/2 end-2 -translate-y-1/2 rounded-md p-1 text-subtle hover:bg-surface-2 hover:text-fg"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </search>
  );
}
