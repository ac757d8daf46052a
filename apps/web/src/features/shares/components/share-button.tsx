import type { CreateShareRequest, MyShare } from "@nexus/contracts";
import { Share2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useSession } from "@/lib/session.tsx";
import { useCreateShare } from "../api/create-share.ts";
import { useRevokeShare } from "../api/revoke-share.ts";
import { SharePanel, type ShareScope } from "./share-panel.tsx";

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Share in one click: makes (or reuses) a read-only link to this answer (with `entryId`) or to the
 * whole thread, copies it and says so; a panel then shows who can open it, lets the answer's menu
 * switch between the answer and the thread, and revokes it. Anonymous visitors are asked to sign
 * in (links belong to an account, which can revoke them).
 */
export function ShareButton({
  threadId,
  entryId,
  onSignIn,
  label = t("shares.share"),
}: {
  threadId: string;
  entryId?: string;
  onSignIn?: () => void;
  label?: string;
}) {
  const session = useSession();
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<ShareScope>(entryId ? "answer" : "thread");
  const [share, setShare] = useState<MyShare | null>(null);
  const scopes: readonly ShareScope[] = entryId ? ["answer", "thread"] : ["thread"];

  if (session.status === "loading") return null;
  if (session.status !== "signed-in") {
    if (!onSignIn) return null;
    return (
      <Button variant="ghost" size="sm" onClick={onSignIn} title={t("shares.signInToShare")}>
        <Share2 className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">{label}</span>
      </Button>
    );
  }

  const makeLink = (next: ShareScope) => {
    setScope(next);
    setShare(null);
    const request: CreateShareRequest = next === "answer" && entryId ? { entryId } : { threadId };
    create.mutate(request, {
      onSuccess: async (made) => {
        setShare(made);
        setOpen(true);
        notify(
          "success",
          t((await copyText(made.url)) ? `shares.copied.${next}` : `shares.ready.${next}`),
        );
      },
      onError: (error) => {
        setOpen(true);
        notify("error", `${t("shares.notMade")} ${errorMessage(error)}`);
      },
    });
  };
  const onRevoke = (link: MyShare) => {
    revoke.mutate(link.shareId, {
      onSuccess: () => {
        setOpen(false);
        setShare(null);
        notify("success", t("shares.revokedGone"));
      },
      onError: (error) => notify("error", `${t("shares.notRevoked")} ${errorMessage(error)}`),
    });
  };

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => makeLink(entryId ? "answer" : "thread")}
        disabled={create.isPending}
        data-testid="share-button"
      >
        {create.isPending && !open ? (
          <Spinner className="size-4" />
        ) : (
          <Share2 className="size-4" aria-hidden="true" />
        )}
        <span className="max-sm:sr-only">{label}</span>
      </Button>
      {open ? (
        <SharePanel
          open={open}
          onOpenChange={setOpen}
          share={share}
          scope={scope}
          scopes={scopes}
          busy={create.isPending || revoke.isPending}
          error={create.isError ? create.error : revoke.isError ? revoke.error : null}
          onScope={(next) => {
            if (next !== scope) makeLink(next);
          }}
          onRevoke={onRevoke}
        />
      ) : null}
    </>
  );
}
