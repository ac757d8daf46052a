import { clsx } from "clsx";
import { type KeyboardEvent, type ReactNode, useRef } from "react";

export interface Choice<T extends string> {
  value: T;
  label: string;
  render?: (selected: boolean) => ReactNode;
}

/**
 * A radio group made of buttons (role radio, roving focus, arrow keys), so every option is a real,
 * visible click target.
 */
export function ChoiceGroup<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
  optionClassName,
  testIdPrefix,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<Choice<T>>;
  onChange: (value: T) => void;
  className?: string;
  optionClassName?: (selected: boolean) => string;
  testIdPrefix?: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const current = options.findIndex((option) => option.value === value);
    const next = (current + step + options.length) % options.length;
    const option = options[next];
    if (!option) return;
    onChange(option.value);
    refs.current[next]?.focus();
  };
  return (
    <div role="radiogroup" aria-label={label} onKeyDown={onKeyDown} className={className}>
      {options.map((option, index) => {
        const selected = option.value === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: buttons give every option a visible click target; role/aria-checked/roving focus make them a radio group
          <button
            key={option.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={option.label}
            tabIndex={selected ? 0 : -1}
            data-testid={testIdPrefix ? `${testIdPrefix}${option.value}` : undefined}
            onClick={() => onChange(option.value)}
            className={clsx(optionClassName?.(selected))}
          >
            {option.render ? option.render(selected) : option.label}
          </button>
        );
      })}
    </div>
  );
}
