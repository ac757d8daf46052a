import * as RadixDialog from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import { X } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { useT } from "@/lib/i18n/i18n.ts";

const SIDES = {
  // A phone's bottom sheet: full width, never taller than most of the screen.
  bottom:
    "inset-x-0 bottom-0 max-h-[75dvh] rounded-t-2xl border-t pb-[max(1rem,env(safe-area-inset-bottom))]",
  // A side panel: the whole height, up to 28rem wide (the whole width on a phone).
  right: "inset-y-0 end-0 w-full max-w-md border-s sm:rounded-s-2xl",
} as const;

/**
 * A modal sheet from the bottom or the right edge: focus stays inside, Escape, the close button or
 * a tap outside closes it. Fixed to the viewport, so it can never widen the page.
 */
export function Sheet({
  open,
  onOpenChange,
  side,
  title,
  children,
  className,
  testId,
  returnFocusRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: keyof typeof SIDES;
  title: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** Where focus goes back to on close, for a sheet opened without a Radix trigger. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          data-testid={testId ? `${testId}-overlay` : undefined}
          className="fixed inset-0 z-50 bg-black/40"
        />
        <RadixDialog.Content
          aria-describedby={undefined}
          data-testid={testId}
          onCloseAutoFocus={(event) => {
            const target = returnFocusRef?.current;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          className={clsx(
            "fixed z-50 flex flex-col overflow-hidden border-border bg-surface text-fg shadow-2xl",
            SIDES[side],
            className,
          )}
        >
          <div className="flex shrink-0 items-center justify-between gap-2 border-b border-border px-4 py-3">
            <RadixDialog.Title className="min-w-0 truncate text-base font-semibold">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t("common.close")}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
