import type { MyShare } from "@nexus/contracts";
import {
  Bot,
  Check,
  Copy,
  FileText,
  Link2,
  type LucideIcon,
  MessagesSquare,
  Text,
  Trash2,
} from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Section } from "@/components/ui/page.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { formatDateTime } from "@/lib/format.ts";
import { intlLocale, useT } from "@/lib/i18n/i18n.ts";
import { kindLabel } from "@/lib/kind-labels.ts";
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

/** One link of the list: its kind's icon, the link itself, what it is, copy and revoke. */
function LinkRow({
  testId,
  icon: Icon,
  url,
  title,
  label,
  meta,
  onRevoke,
}: {
  testId: string;
  icon: LucideIcon;
  url: string;
  /** The link's name in the copy and revoke buttons' labels. */
  title: string;
  /** What the link reads (the title, or an agent's emoji and name). */
  label: ReactNode;
  meta: ReactNode;
  onRevoke: () => void;
}) {
  const t = useT();
  return (
    <li data-testid={testId} className="flex items-center gap-3 py-3">
      <Icon className="size-4 shrink-0 text-subtle" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="block truncate text-sm font-medium text-fg hover:text-accent hover:underline"
        >
          {label}
        </a>
        <p className="text-xs text-subtle">{meta}</p>
      </div>
      <CopyLinkButton share={{ url, title }} />
      <Button
        variant="ghost"
        size="icon"
        className="size-8 hover:bg-danger-soft hover:text-danger"
        onClick={onRevoke}
        aria-label={t("shares.revokeLinkOf", { title })}
        title={t("shares.revokeLink")}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </li>
  );
}

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDate(iso)}
    </time>
  );
}

function ShareRow({ share, onRevoke }: { share: MyShare; onRevoke: (share: MyShare) => void }) {
  const t = useT();
  return (
    <LinkRow
      testId="share-link"
      icon={share.kind === "thread" ? MessagesSquare : share.kind === "nexdoc" ? FileText : Text}
      url={share.url}
      title={share.title}
      label={share.title}
      meta={
        <>
          {share.subject
            ? t("shares.kindOf", {
                kind: kindLabel({ kind: share.chatKind, label: share.chatLabel }),
                subject: share.subject.name,
              })
            : kindLabel({ kind: share.chatKind, label: share.chatLabel })}{" "}
          ·{" "}
          {share.kind === "thread"
            ? t("shares.thread")
            : share.kind === "nexdoc"
              ? t("nexdocsApp.document")
              : t("shares.oneReply")}{" "}
          · <When iso={share.createdAt} />
        </>
      }
      onRevoke={() => onRevoke(share)}
    />
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
    <LinkRow
      testId="agent-link"
      icon={Bot}
      url={link.url}
      title={link.name}
      label={
        <>
          <span aria-hidden="true">{link.emoji} </span>
          {link.name}
        </>
      }
      meta={
        <>
          {t("shares.agentKind")} · <When iso={link.updatedAt} />
        </>
      }
      onRevoke={() => onRevoke(link)}
    />
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
