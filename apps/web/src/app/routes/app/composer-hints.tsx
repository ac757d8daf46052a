import type { ReactNode } from "react";
import {
  type ComposerHintContext,
  ComposerHintSlotContext,
} from "@/features/answer/components/composer-hint-slot.tsx";
import { QuotaLeftHint } from "@/features/usage/components/quota-left-hint.tsx";

function renderHints({ busy, attaching, uploading }: ComposerHintContext) {
  return (
    <>
      <QuotaLeftHint counter="search" refreshOn={busy} />
      {attaching ? <QuotaLeftHint counter="addFiles" refreshOn={uploading} /> : null}
    </>
  );
}

/**
 * The answer composers' "left" hints (spec: quota you can see coming): searches, and file uploads
 * while files are attached, once fewer than 3 remain.
 */
export function ComposerHintsProvider({ children }: { children: ReactNode }) {
  return <ComposerHintSlotContext value={renderHints}>{children}</ComposerHintSlotContext>;
}
