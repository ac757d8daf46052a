import type { CustomAgent } from "@nexus/contracts";
import {
  Bot,
  Copy,
  Download,
  Link2,
  Link2Off,
  MessageSquare,
  Pencil,
  Plus,
  Trash2,
} from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button, buttonClasses } from "@/components/ui/button.tsx";
import { ConfirmDialog } from "@/components/ui/confirm-dialog.tsx";
import { EmptyState } from "@/components/ui/empty-state.tsx";
import { LoadError } from "@/components/ui/load-error.tsx";
import { Skeleton } from "@/components/ui/skeleton.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import {
  exportCustomAgent,
  useCustomAgents,
  useDeleteCustomAgent,
  useDuplicateCustomAgent,
  useShareCustomAgent,
} from "../api/custom-agents.ts";
import { download, exportFileName, shareUrl } from "../lib/agent-export.ts";
import { AgentAvatar } from "./agent-avatar.tsx";
import { KnowledgeBadge, NeedsModelBadge } from "./agent-badges.tsx";
import { CustomAgentEditorDialog } from "./custom-agent-editor.tsx";
import { ImportButton } from "./import-agent-button.tsx";

const actionClasses = buttonClasses({ variant: "ghost", size: "sm" });

function AgentCard({
  agent,
  onEdit,
  onDelete,
  onError,
}: {
  agent: CustomAgent;
  onEdit: (agent: CustomAgent) => void;
  onDelete: (agent: CustomAgent) => void;
  onError: (message: string | null) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const duplicate = useDuplicateCustomAgent();
  const share = useShareCustomAgent();
  const [copied, setCopied] = useState(false);
  const [shown, setShown] = useState<string | null>(null);

  const copyLink = async (path: string) => {
    const url = shareUrl(path);
    setShown(url);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <li
      data-testid={agent.isOwner ? "own-agent-card" : "shared-agent-card"}
      aria-label={agent.name}
      className="flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-3 text-sm"
    >
      <div className="flex items-start gap-3">
        <AgentAvatar emoji={agent.emoji} color={agent.color} size="sm" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="font-medium break-words text-fg">{agent.name}</h3>
            {agent.sharePath ? (
              <span
                data-testid="shared-badge"
                className="rounded-full border border-accent/40 bg-accent-soft px-2 py-0.5 text-[0.6875rem] font-medium text-accent-soft-fg"
              >
                {t("customAgents.hub.shared")}
              </span>
            ) : null}
            <KnowledgeBadge agent={agent} />
            <NeedsModelBadge agent={agent} />
          </div>
          {agent.description ? (
            <p className="mt-1 break-words text-muted">{agent.description}</p>
          ) : null}
        </div>
      </div>
      {shown ? (
        <div className="flex flex-col gap-1">
          <label className="text-xs text-muted" htmlFor={`share-${agent.id}`}>
            {copied ? t("customAgents.hub.linkCopied") : t("customAgents.hub.shareLink")}
          </label>
          <input
            id={`share-${agent.id}`}
            readOnly
            value={shown}
            onFocus={(e) => e.currentTarget.select()}
            className="h-8 w-full rounded-md border border-border bg-surface-2 px-2 text-xs"
          />
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-1">
        <Link to={paths.app.customAgentChat.href(agent.id)} className={actionClasses}>
          <MessageSquare className="size-4" aria-hidden="true" />
          {t("customAgents.hub.chat")}
        </Link>
        {agent.isOwner ? (
          <Button variant="ghost" size="sm" onClick={() => onEdit(agent)}>
            <Pencil className="size-4" aria-hidden="true" />
            {t("customAgents.edit")}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          disabled={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(agent.id, {
              onSuccess: (copy) => void navigate(paths.app.customAgentChat.href(copy.id)),
              onError: (error) => onError(errorMessage(error)),
            })
          }
        >
          <Copy className="size-4" aria-hidden="true" />
          {t("customAgents.hub.duplicate")}
        </Button>
        {agent.isOwner ? (
          <>
            {agent.sharePath ? (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void copyLink(agent.sharePath ?? "")}
                >
                  <Link2 className="size-4" aria-hidden="true" />
                  {t("customAgents.hub.copyLink")}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={share.isPending}
                  onClick={() =>
                    share.mutate(
                      { id: agent.id, share: false },
                      {
                        onSuccess: () => setShown(null),
                        onError: (error) => onError(errorMessage(error)),
                      },
                    )
                  }
                >
                  <Link2Off className="size-4" aria-hidden="true" />
                  {t("customAgents.hub.stopSharing")}
                </Button>
              </>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                disabled={share.isPending}
                onClick={() =>
                  share.mutate(
                    { id: agent.id, share: true },
                    {
                      onSuccess: (shared) => {
                        if (shared.sharePath) void copyLink(shared.sharePath);
                      },
                      onError: (error) => onError(errorMessage(error)),
                    },
                  )
                }
              >
                <Link2 className="size-4" aria-hidden="true" />
                {t("customAgents.hub.share")}
              </Button>
            )}
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                void exportCustomAgent(agent.id).then(
                  (data) => download(exportFileName(agent.name), data),
                  (error: unknown) => onError(errorMessage(error)),
                )
              }
            >
              <Download className="size-4" aria-hidden="true" />
              {t("customAgents.hub.export")}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onDelete(agent)}>
              <Trash2 className="size-4" aria-hidden="true" />
              {t("customAgents.hub.delete")}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

function HubSkeleton() {
  const t = useT();
  return (
    <div className="grid gap-2 sm:grid-cols-2" data-testid="custom-agents-loading">
      <span className="sr-only" role="status">
        {t("customAgents.hub.loading")}
      </span>
      {[1, 2, 3, 4].map((n) => (
        <Skeleton key={n} className="h-28 rounded-xl" />
      ))}
    </div>
  );
}

/** /app/agents/custom: the caller's agents, those shared with them, and making new ones. */
export function CustomAgentsHub() {
  const t = useT();
  const query = useCustomAgents();
  const navigate = useNavigate();
  const remove = useDeleteCustomAgent();
  const [editing, setEditing] = useState<CustomAgent | "new" | null>(null);
  const [deleting, setDeleting] = useState<CustomAgent | null>(null);
  const [error, setError] = useState<string | null>(null);

  const cardProps = {
    onEdit: (agent: CustomAgent) => setEditing(agent),
    onDelete: (agent: CustomAgent) => setDeleting(agent),
    onError: setError,
  };

  let body: React.ReactNode;
  if (query.isPending) body = <HubSkeleton />;
  else if (query.isError)
    body = (
      <LoadError
        what={t("customAgents.hub.yours")}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.own.length === 0 && query.data.sharedWithMe.length === 0)
    body = (
      <EmptyState
        icon={Bot}
        title={t("customAgents.hub.emptyTitle")}
        description={t("customAgents.hub.emptyText")}
        testId="custom-agents-empty"
      >
        <Button onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden="true" />
          {t("customAgents.newAgent")}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <div className="flex flex-col gap-8">
        <section aria-labelledby="own-agents-heading">
          <h2 id="own-agents-heading" className="mb-3 text-base font-semibold">
            {t("customAgents.hub.yours")}
          </h2>
          {query.data.own.length > 0 ? (
            <ul className="grid gap-2 sm:grid-cols-2">
              {query.data.own.map((agent) => (
                <AgentCard key={agent.id} agent={agent} {...cardProps} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">{t("customAgents.hub.noneYet")}</p>
          )}
        </section>
        {query.data.sharedWithMe.length > 0 ? (
          <section aria-labelledby="shared-agents-heading">
            <h2 id="shared-agents-heading" className="mb-3 text-base font-semibold">
              {t("customAgents.hub.sharedWithYou")}
            </h2>
            <ul className="grid gap-2 sm:grid-cols-2">
              {query.data.sharedWithMe.map((agent) => (
                <AgentCard key={agent.id} agent={agent} {...cardProps} />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setEditing("new")}>
          <Plus className="size-4" aria-hidden="true" />
          {t("customAgents.newAgent")}
        </Button>
        <ImportButton onError={setError} />
      </div>
      {error ? (
        <Alert
          kind="error"
          action={
            <Button variant="ghost" size="sm" onClick={() => setError(null)}>
              {t("customAgents.hub.dismiss")}
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}
      {body}
      <CustomAgentEditorDialog
        open={editing !== null}
        agent={editing === "new" || editing === null ? undefined : editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onSaved={(saved) => {
          if (editing === "new") void navigate(paths.app.customAgentChat.href(saved.id));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={
          deleting
            ? t("customAgents.hub.deleteNamed", { name: deleting.name })
            : t("customAgents.hub.deleteThis")
        }
        description={t("customAgents.hub.deleteText")}
        confirmLabel={t("customAgents.hub.delete")}
        testId="delete-agent-dialog"
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, { onError: (e) => setError(errorMessage(e)) });
        }}
      />
    </div>
  );
}
