import type { CitationCheck } from "@nexus/contracts";
import { clsx } from "clsx";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";

/**
 * A checked citation's mark and the passage of its source it was checked against (issue 38): in
 * the chip's preview card and in its sheet. Verified: the passage that supports the sentence.
 * Unverified: the closest passage found, if any, and a warning that the source does not say it.
 */
export function CitationMark({
  check,
  full = false,
  passage = true,
}: {
  check: CitationCheck;
  full?: boolean;
  /** Show the checked passage (false: the card shows it already, as the quoted passage). */
  passage?: boolean;
}) {
  const t = useT();
  const Icon = check.verified ? CircleCheck : CircleAlert;
  return (
    <span
      data-testid="citation-mark"
      data-verified={check.verified ? "true" : "false"}
      className={clsx(
        "mt-2 block rounded-md border px-2 py-1.5 text-xs",
        check.verified ? "border-border bg-surface-2" : "border-warning bg-warning-soft",
      )}
    >
      <span
        className={clsx(
          "flex items-center gap-1 font-medium",
          check.verified ? "text-success" : "text-warning",
        )}
      >
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {check.verified ? t("spec.citationVerified") : t("spec.citationUnverified")}
      </span>
      {!passage ? null : check.passage ? (
        <span
          data-testid="citation-passage"
          className={clsx("mt-1 block break-words text-muted italic", !full && "line-clamp-4")}
        >
          {check.verified
            ? richT("chat.quoted", { text: <bdi>{check.passage}</bdi> })
            : richT("chat.citation.closest", { passage: <bdi>{check.passage}</bdi> })}
        </span>
      ) : (
        <span className="mt-1 block text-muted">{t("chat.citation.noPassage")}</span>
      )}
    </span>
  );
}
