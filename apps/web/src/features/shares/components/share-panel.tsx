import type { MyShare } from "@nexus/contracts";
import { Check, Copy, Globe, Link2, Link2Off } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { ChoiceGroup } from "@/components/ui/choice-group.tsx";
import { DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { inputClasses } from "@/components/ui/text-field.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { t, useT } from "@/lib/i18n/i18n.ts";
import { richT } from "@/lib/i18n/rich.tsx";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard.ts";

export type ShareScope = "answer" | "thread";

const SCOPES = [
  { value: "answer" as const, label: () => t("shares.panel.answer") },
  { value: "thread" as const, label: () => t("shares.panel.thread") },
];

const ACCESS: Record<ShareScope, () => string> = {
  answer: () => t("shares.panel.answerAccess"),
  thread: () => t("shares.panel.threadAccess"),
};

/**
 * After one click on Share: the link (already copied), who can open it, what it shows (switch to
 * the answer or the thread when both are possible) and Revoke. Settings lists every link.
 */
export function SharePanel({
  open,
  onOpenChange,
  share,
  scope,
  scopes,
  busy,
  error,
  onScope,
  onRevoke,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  share: MyShare | null;
  scope: ShareScope;
  /** The scopes this place can share (an answer's menu: both; the thread header: the thread). */
  scopes: readonly ShareScope[];
  busy: boolean;
  error: unknown;
  onScope: (scope: ShareScope) => void;
  onRevoke: (share: MyShare) => void;
}) {
  useT();
  const fieldId = useId();
  const clipboard = useCopyToClipboard();
  const options = SCOPES.filter((option) => scopes.includes(option.value)).map((option) => ({
    value: option.value,
    label: option.label(),
  }));
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("shares.share")} data-testid="share-dialog">
        {options.length > 1 ? (
          <ChoiceGroup
            label={t("shares.panel.what")}
            value={scope}
            options={options}
            onChange={onScope}
            testIdPrefix="share-scope-"
            className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1"
            optionClassName={(selected) =>
              selected
                ? "rounded-lg bg-surface px-3 py-1.5 text-sm font-medium text-fg shadow-xs focus-visible:outline-2 focus-visible:outline-ring"
                : "rounded-lg px-3 py-1.5 text-sm text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            }
          />
        ) : null}
        <p className="flex items-start gap-2 text-sm text-muted" data-testid="share-access">
          <Globe className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {ACCESS[scope]()}
        </p>
        {share ? (
          <div className="mt-3 flex gap-2">
            <label htmlFor={fieldId} className="sr-only">
              {t("shares.panel.link")}
            </label>
            <input
              id={fieldId}
              readOnly
              value={share.url}
              data-testid="share-url"
              onFocus={(event) => event.currentTarget.select()}
              className={`${inputClasses} min-w-0 flex-1 font-mono text-xs`}
            />
            <Button variant="outline" onClick={() => void clipboard.copy(share.url)}>
              {clipboard.copied ? (
                <Check className="size-4" aria-hidden="true" />
              ) : (
                <Copy className="size-4" aria-hidden="true" />
              )}
              <span aria-live="polite">
                {clipboard.copied ? t("shares.copied") : t("shares.panel.copy")}
              </span>
            </Button>
          </div>
        ) : busy ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-muted">
            <Spinner className="size-4" /> {t("shares.panel.making")}
          </p>
        ) : null}
        {error ? (
          <Alert kind="error" className="mt-3">
            {errorMessage(error)}
          </Alert>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-1.5 text-xs text-subtle">
            <Link2 className="size-3.5" aria-hidden="true" />
            <span>
              {richT("shares.panel.allLinks", {
                settings: (
                  <Link
                    to={`${paths.app.settings.href()}#share-links`}
                    className="text-accent hover:underline"
                    onClick={() => onOpenChange(false)}
                  >
                    {t("nav.settings")}
                  </Link>
                ),
              })}
            </span>
          </p>
          {share ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={busy}
              onClick={() => onRevoke(share)}
              className="text-danger"
            >
              <Link2Off className="size-4" aria-hidden="true" />
              {t("shares.revokeLink")}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </DialogRoot>
  );
}
