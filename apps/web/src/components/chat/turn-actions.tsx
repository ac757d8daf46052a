import { Check, Copy, RefreshCw } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Button } from "@/components/ui/button.tsx";
import { t } from "@/lib/i18n/i18n.ts";

/** The row of actions under a finished reply (Copy, Regenerate, then what the app layer adds). */
export function TurnActions({
  testId,
  barRef,
  children,
}: {
  testId: string;
  barRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  return (
    <div ref={barRef} className="flex flex-wrap items-center gap-1" data-testid={testId}>
      {children}
    </div>
  );
}

/** Copy, which says "Copied" (politely announced) once the clipboard took the text. */
export function CopyButton({ copied, onCopy }: { copied: boolean; onCopy: () => void }) {
  return (
    <Button variant="ghost" size="sm" aria-label={t("chat.copy")} onClick={onCopy}>
      {copied ? (
        <Check className="size-4" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
      <span aria-live="polite" className="max-sm:sr-only">
        {copied ? t("chat.copied") : t("chat.copy")}
      </span>
    </Button>
  );
}

/** Regenerate the last reply (the label hidden on phones, the icon kept). */
export function RegenerateButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick}>
      <RefreshCw className="size-4" aria-hidden="true" />
      <span className="max-sm:sr-only">{t("chat.regenerate")}</span>
    </Button>
  );
}
