import type { MyShare } from "@nexus/contracts";
import { Bot, Check, Copy, Link2, MessagesSquare, Text, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Section } from "@/components/ui/page.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { formatDateTime } from "@/lib/format.ts";
import { intlLocale, useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard.ts";
import { type AgentLink, useAgentLinks, useRevokeAgentLink } from "../api/agent-links.ts";
import { useShareLinks } from "../api/get-share-links.ts";
import { useRevokeShareLink } from "../api/revoke-share-link.ts";

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString(intlLocale(), { dateStyle: "medium" });
}

function CopyLinkButton({ share }: { share: { url: string; title: string } }) {
  const t = useT();
  const clipboard = useCopyToClipboard();
  const copied = clipboard.copied;
  const copy = async () => {
    if (!(await clipboard.copy(share.url))) notify("error", t("shares.copyFailed"));
  };
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      onClick={() => void copy()}
      aria-label={copied ? t("shares.copied") : t("shares.copyLinkOf", { title: share.title })}
      title={t("shares.copyLink")}
    >
      {copied ? (
        <Check className="size-4 text-success" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
    </Button>
  );
}

function ShareRow({ share, onRevoke }: { share: MyShare; onRevoke: (share: MyShare) => void }) {
  const t = useT();
  const KindIcon = share.kind === "thread" ? MessagesSquare : Text;
  return (
    <li data-testid="share-link" className="flex items-center gap-3 py-3">
      <KindIcon className="size-4 shrink-0 text-subtle" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <a
          href={share.url}
          target="_blank"
          rel="noopener noreferrer"
          className="block truncate text-sm font-medium text-fg hover:text-accent hover:underline"
        >
          {share.title}
        </a>
        <p className="text-xs text-subtle">
          {share.subject ? `${share.chatLabel}: ${share.subject.name}` : share.chatLabel} ·{" "}
          {share.kind === "thread" ? t("shares.thread") : t("shares.oneReply")} ·{" "}
          <time dateTime={share.createdAt} title={formatDateTime(share.createdAt)}>
            {formatDate(share.createdAt)}
          </time>
        </p>
      </div>
      <CopyLinkButton share={share} />
      <Button
        variant="ghost"
        size="icon"
        className="size-8 hover:bg-danger-soft hover:text-danger"
        onClick={() => onRevoke(share)}
        aria-label={t("shares.revokeLinkOf", { title: share.title })}
        title={t("shares.revokeLink")}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </li>
  );
}

/** A custom agent's share link: open, copy or revoke, beside the answers' and threads'. */
function AgentLinkRow({
  link,
  onRevoke,
}: {
  link: AgentLink;
  onRevoke: (link: AgentLink) => void;
}) {
  const t = useT();
  return (
    <li data-testid="agent-link" className="flex items-center gap-3 py-3">
      <Bot className="size-4 shrink-0 text-subtle" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className="block truncate text-sm font-medium text-fg hover:text-accent hover:underline"
        >
          <span aria-hidden="true">{link.emoji} </span>
          {link.name}
        </a>
        <p className="text-xs text-subtle">
          {t("shares.agentKind")} ·{" "}
          <time dateTime={link.updatedAt} title={formatDateTime(link.updatedAt)}>
            {formatDate(link.updatedAt)}
          </time>
        </p>
      </div>
      <CopyLinkButton share={{ url: link.url, title: link.name }} />
      <Button
        variant="ghost"
        size="icon"
        className="size-8 hover:bg-danger-soft hover:text-danger"
        onClick={() => onRevoke(link)}
        aria-label={t("shares.revokeLinkOf", { title: link.name })}
        title={t("shares.revokeLink")}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </li>
  );
}

/** Every share link the user made (answers, threads and custom agents): copy or revoke. */
export function ShareLinksSection() {
  const t = useT();
  const links = useShareLinks();
  const revoke = useRevokeShareLink();
  const agents = useAgentLinks();
  const revokeAgent = useRevokeAgentLink();
  const [pending, setPending] = useState<MyShare | null>(null);
  const [pendingAgent, setPendingAgent] = useState<AgentLink | null>(null);
  // An agents list that cannot be read leaves the answers' and threads' links as they are.
  const agentLinks = agents.data ?? [];

  let body: ReactNode;
  if (links.isPending) {
    body = (
      <div className="flex flex-col gap-3" aria-hidden="true" data-testid="share-links-loading">
        {[0, 1].map((row) => (
          <div key={row} className="flex items-center gap-3">
            <div className="size-4 rounded bg-surface-2 motion-safe:animate-pulse" />
            <div className="flex-1">
              <div className="h-4 w-2/3 rounded-md bg-surface-2 motion-safe:animate-pulse" />
              <div className="mt-1.5 h-3 w-32 rounded-md bg-surface-2 motion-safe:animate-pulse" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (links.isError) {
    body = (
      <LoadError what={t("shares.what")} error={links.error} onRetry={() => void links.refetch()} />
    );
  } else if (links.data.shares.length === 0 && agentLinks.length === 0) {
    body = (
      <div
        data-testid="share-links-empty"
        className="flex items-start gap-3 rounded-xl bg-surface-2 p-4 text-sm text-muted"
      >
        <Link2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <p>{t("shares.empty")}</p>
      </div>
    );
  } else {
    body = (
      <ul className="-my-3 flex flex-col divide-y divide-border" data-testid="share-links">
        {links.data.shares.map((share) => (
          <ShareRow key={share.shareId} share={share} onRevoke={setPending} />
        ))}
        {agentLinks.map((link) => (
          <AgentLinkRow key={link.id} link={link} onRevoke={setPendingAgent} />
        ))}
      </ul>
    );
  }

  return (
    <Section id="share-links" title={t("shares.title")} description={t("shares.description")}>
      {body}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={t("shares.confirmTitle")}
        description={pending ? t("shares.confirmDescription", { title: pending.title }) : ""}
        confirmLabel={t("shares.revokeLink")}
        onConfirm={() => {
          if (!pending) return;
          revoke.mutate(pending.shareId, {
            onSuccess: () => notify("success", t("shares.revoked")),
            onError: (error) => notify("error", `${t("shares.notRevoked")} ${errorMessage(error)}`),
          });
        }}
        testId="revoke-share-dialog"
      />
      <ConfirmDialog
        open={pendingAgent !== null}
        onOpenChange={(open) => {
          if (!open) setPendingAgent(null);
        }}
        title={t("shares.confirmTitle")}
        description={
          pendingAgent ? t("shares.agentConfirmDescription", { title: pendingAgent.name }) : ""
        }
        confirmLabel={t("shares.revokeLink")}
        onConfirm={() => {
          if (!pendingAgent) return;
          revokeAgent.mutate(pendingAgent.id, {
            onSuccess: () => notify("success", t("shares.revoked")),
            onError: (error) => notify("error", `${t("shares.notRevoked")} ${errorMessage(error)}`),
          });
        }}
        testId="revoke-agent-link-dialog"
      />
    </Section>
  );
}
