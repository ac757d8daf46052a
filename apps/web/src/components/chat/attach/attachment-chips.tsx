import type { FileEvent } from "@nexus/contracts";
import { clsx } from "clsx";
import { CircleAlert, FileCheck2, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Spinner } from "@/components/ui/spinner.tsx";
import { t as translate, useT } from "@/lib/i18n/i18n.ts";
import { type AttachClient, useAttachClient } from "./attach-client.ts";
import type { Attachment, AttachmentsState } from "./use-attachments.ts";

function statusText(item: Attachment, live: FileEvent | null): string {
  switch (item.phase) {
    case "uploading":
      return translate("chat.attach.uploadingPercent", {
        percent: Math.round(item.progress * 100),
      });
    case "processing":
      return live && live.type !== "uploaded" ? live.message : translate("chat.attach.processing");
    case "ready":
      return translate("chat.attach.ready");
    case "failed":
      return item.error ?? translate("chat.attach.failed");
  }
}

function AttachmentChip({
  item,
  client,
  onSettled,
  onRemove,
}: {
  item: Attachment;
  client: AttachClient;
  onSettled: (key: string, event: FileEvent) => void;
  onRemove: (key: string) => void;
}) {
  const t = useT();
  const processing = item.phase === "processing" && item.fileId !== null;
  const live = client.useProgress(item.fileId ?? "", processing);
  useEffect(() => {
    if (processing && live && (live.type === "ready" || live.type === "failed"))
      onSettled(item.key, live);
  }, [processing, live, item.key, onSettled]);
  const failed = item.phase === "failed";
  const percent = Math.round(item.progress * 100);
  return (
    <li
      data-testid="composer-attachment"
      data-phase={item.phase}
      className={clsx(
        "relative flex max-w-full min-w-0 items-center gap-2 overflow-hidden rounded-xl border py-1.5 pr-1 pl-2.5 text-sm",
        // The reason in danger red on the plain surface (on danger-soft it falls short of 4.5:1).
        failed ? "border-danger/50 bg-surface" : "border-border bg-surface-2",
      )}
    >
      {failed ? (
        <CircleAlert className="size-4 shrink-0 text-danger" aria-hidden="true" />
      ) : item.phase === "ready" ? (
        <FileCheck2 className="size-4 shrink-0 text-accent" aria-hidden="true" />
      ) : (
        <Spinner className="size-4 shrink-0 text-accent" />
      )}
      <span className="flex min-w-0 flex-col">
        <span className="max-w-56 truncate font-medium text-fg" title={item.name}>
          {item.name}
        </span>
        <span
          aria-live="polite"
          data-testid="composer-attachment-status"
          className={clsx("text-xs break-words", failed ? "text-danger" : "text-muted")}
        >
          {statusText(item, live)}
        </span>
      </span>
      <button
        type="button"
        data-remove=""
        aria-label={t("chat.attach.remove", { name: item.name })}
        onClick={() => onRemove(item.key)}
        className="shrink-0 self-start rounded-lg p-1 text-muted hover:bg-border/70 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      {item.phase === "uploading" ? (
        <div
          role="progressbar"
          aria-label={t("chat.attach.uploading", { name: item.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="absolute inset-x-0 bottom-0 h-0.5 bg-border"
        >
          <div className="h-full bg-accent" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The files attached to the question, above its text: each with its progress, removable. Removing
 * one moves the focus to the next chip's remove button (or the previous), else `onLastRemoved`.
 */
export function AttachmentChips({
  state,
  onLastRemoved,
}: {
  state: AttachmentsState;
  onLastRemoved: () => void;
}) {
  const t = useT();
  const client = useAttachClient();
  const list = useRef<HTMLUListElement>(null);
  if (!client || (state.items.length === 0 && !state.notice)) return null;
  const remove = (key: string, index: number) => {
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button[data-remove]");
    const next = buttons?.[index + 1] ?? buttons?.[index - 1];
    state.remove(key);
    if (next) next.focus();
    else onLastRemoved();
  };
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      {state.items.length > 0 ? (
        <ul
          ref={list}
          aria-label={t("chat.attach.attached")}
          className="flex min-w-0 flex-wrap gap-2"
        >
          {state.items.map((item, index) => (
            <AttachmentChip
              key={item.key}
              item={item}
              client={client}
              onSettled={state.settle}
              onRemove={(key) => remove(key, index)}
            />
          ))}
        </ul>
      ) : null}
      {state.notice ? (
        <p role="status" className="text-xs text-warning">
          {state.notice}
        </p>
      ) : null}
    </div>
  );
}
