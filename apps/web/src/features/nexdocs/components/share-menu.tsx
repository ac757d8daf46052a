import type { MyShare } from "@nexus/contracts";
import { Copy, Link2, Link2Off, Share2 } from "lucide-react";
import { useRef, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { revokeDocumentShare, shareDocument } from "../api/share-document.ts";

/**
 * Share a read-only link to the document (issue 40): opening the panel makes the link (or finds
 * its live one), which anyone can read signed out at /share/:id — the document as it is now,
 * images included; Copy puts it on the clipboard; Stop sharing revokes it. Settings → Shared
 * links lists it too.
 */
export function ShareMenu({ documentId }: { documentId: string }) {
  const t = useT();
  const panel = useRef<HTMLDetailsElement>(null);
  const [share, setShare] = useState<MyShare | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };
  const make = () => run(async () => setShare(await shareDocument(documentId)));
  const revoke = (link: MyShare) =>
    run(async () => {
      await revokeDocumentShare(link.shareId);
      setShare(null);
      notify("success", t("nexdocs.shareRevoked"));
    });
  const copy = async (link: MyShare) => {
    try {
      await navigator.clipboard.writeText(link.url);
      notify("success", t("nexdocs.shareCopied"));
    } catch {
      notify("error", t("nexdocs.shareCopyFailed"));
    }
  };

  return (
    <details
      ref={panel}
      className="relative"
      data-testid="nexdocs-share"
      onToggle={(event) => {
        if (event.currentTarget.open && !share && !busy) void make();
      }}
    >
      <summary
        aria-busy={busy}
        className={buttonClasses({
          variant: "outline",
          size: "sm",
          className: "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        })}
      >
        <Share2 className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{t("nexdocs.share")}</span>
      </summary>
      <div className="absolute end-0 z-30 mt-1 flex w-88 flex-col gap-3 rounded-xl border border-border bg-surface p-3 shadow-lg max-sm:fixed max-sm:inset-x-3 max-sm:top-16 max-sm:w-auto">
        <p className="text-sm text-muted">{t("nexdocs.shareHint")}</p>
        {busy && !share ? (
          <p className="flex items-center gap-2 text-sm text-muted" role="status">
            <Spinner className="size-4" />
            {t("nexdocs.shareMaking")}
          </p>
        ) : null}
        {error ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-danger" role="alert">
              {t("nexdocs.shareFailed")} {error}
            </p>
            <Button size="sm" variant="outline" onClick={() => void make()}>
              {t("nexdocs.shareRetry")}
            </Button>
          </div>
        ) : null}
        {share ? (
          <>
            <label className="flex flex-col gap-1 text-xs font-medium text-muted">
              <span className="inline-flex items-center gap-1">
                <Link2 className="size-3.5" aria-hidden="true" />
                {t("nexdocs.shareLink")}
              </span>
              <input
                readOnly
                value={share.url}
                data-testid="nexdocs-share-url"
                onFocus={(event) => event.currentTarget.select()}
                className="h-9 rounded-lg border border-border bg-bg px-2 text-sm text-fg"
              />
            </label>
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() => void revoke(share)}
                data-testid="nexdocs-share-revoke"
              >
                <Link2Off className="size-4" aria-hidden="true" />
                {t("nexdocs.shareRevoke")}
              </Button>
              <Button size="sm" onClick={() => void copy(share)}>
                <Copy className="size-4" aria-hidden="true" />
                {t("nexdocs.shareCopy")}
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </details>
  );
}
