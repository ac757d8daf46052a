import * as RadixDialog from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import { X } from "lucide-react";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { useT } from "@/lib/i18n/i18n.ts";

export const DialogRoot = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

type ContentProps = ComponentPropsWithoutRef<typeof RadixDialog.Content>;

/** A centred modal dialog with its title and description (both required for accessibility). */
export function DialogContent({
  title,
  description,
  children,
  showClose = true,
  className,
  ...props
}: Omit<ContentProps, "title"> & {
  title: ReactNode;
  description?: ReactNode;
  showClose?: boolean;
}) {
  const t = useT();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
      <RadixDialog.Content
        {...(description ? {} : { "aria-describedby": undefined })}
        {...props}
        className={clsx(
          "fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2",
          "max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl",
          className,
        )}
      >
        <RadixDialog.Title className="pe-8 text-lg font-semibold tracking-tight">
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-1.5 text-sm text-muted">
            {description}
          </RadixDialog.Description>
        ) : null}
        <div className="mt-5">{children}</div>
        {showClose ? (
          <RadixDialog.Close
            aria-label={t("common.close")}
            className="absolute top-4 end-4 rounded-lg p-1.5 text-subtle hover:bg-surface-2 hover:text-fg"
          >
            <X className="size-4" aria-hidden="true" />
          </RadixDialog.Close>
        ) : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
