import { CUSTOM_AGENT_LIMITS } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Upload, X } from "lucide-react";
import { useRef, useState } from "react";
import { useAttachClient } from "@/components/chat/attach/attach-client.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { t, useT } from "@/lib/i18n/i18n.ts";
import { filesKeys } from "@/lib/query-keys.ts";

const MAX = CUSTOM_AGENT_LIMITS.knowledgeFiles;

/** What the person reads when they chose more files than the agent can still take. */
export function knowledgeRoomText(room: number): string {
  if (room <= 0) return t("customAgents.knowledge.full", { max: MAX });
  return t("customAgents.knowledge.onlyFirst", { room, max: MAX });
}

interface Sending {
  key: number;
  name: string;
  /** 0..1 of the bytes sent. */
  progress: number;
  error: string | null;
}

let counter = 0;

/**
 * "Upload files" inside the editor's Knowledge section: the chosen files go to the person's files
 * (the Files page's upload, through the app's attach client) and are ticked for this agent as soon
 * as the server has them, while they are still being read. Without the attach client (it is the
 * app layer's to give) there is no button, and the Files page link beside it still works.
 */
export function KnowledgeUpload({
  selected,
  onChange,
}: {
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const t = useT();
  const client = useAttachClient();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  // The latest selection: uploads end one by one, each adds to what is chosen by then.
  const chosen = useRef(selected);
  chosen.current = selected;
  const [sending, setSending] = useState<Sending[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  if (!client) return null;

  const update = (key: number, change: Partial<Sending>) =>
    setSending((all) => all.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const start = (files: File[]) => {
    const room = MAX - chosen.current.length - sending.filter((s) => s.error === null).length;
    const taken = files.slice(0, Math.max(0, room));
    setNotice(files.length > taken.length ? knowledgeRoomText(room) : null);
    for (const file of taken) {
      counter += 1;
      const key = counter;
      setSending((all) => [...all, { key, name: file.name, progress: 0, error: null }]);
      client
        .upload(file, {
          onProgress: (progress) => update(key, { progress }),
          signal: new AbortController().signal,
        })
        .then(async (uploaded) => {
          if (uploaded.alreadyInFiles) client.alreadyInFiles?.(uploaded.name);
          if (!chosen.current.includes(uploaded.id)) {
            const ids = [...chosen.current, uploaded.id];
            chosen.current = ids;
            onChange(ids);
          }
          await queryClient.invalidateQueries({ queryKey: filesKeys.all });
          setSending((all) => all.filter((s) => s.key !== key));
        })
        .catch((error: unknown) => update(key, { error: errorMessage(error) }));
    }
  };

  const full = selected.length >= MAX;
  return (
    <div className="flex flex-col gap-1.5">
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="knowledge-upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) start(files);
        }}
      />
      <button
        type="button"
        disabled={full}
        onClick={() => input.current?.click()}
        className="inline-flex w-fit items-center gap-1.5 rounded-lg border border-border px-3 py-1.5 text-sm text-fg hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Upload className="size-4" aria-hidden="true" />
        {t("customAgents.knowledge.upload")}
      </button>
      {sending.length > 0 ? (
        <ul aria-label={t("customAgents.knowledge.uploading")} className="flex flex-col gap-1">
          {sending.map((s) => (
            <li key={s.key} className="flex min-w-0 items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate text-fg">{s.name}</span>
              {s.error === null ? (
                <progress
                  className="h-1.5 w-24 shrink-0 accent-accent"
                  max={1}
                  value={s.progress}
                  aria-label={t("customAgents.knowledge.uploadingFile", { name: s.name })}
                />
              ) : (
                <>
                  <span role="alert" className="shrink-0 text-xs text-danger">
                    {s.error}
                  </span>
                  <button
                    type="button"
                    aria-label={t("customAgents.knowledge.dismissFile", { name: s.name })}
                    className="shrink-0 rounded p-0.5 text-subtle hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => setSending((all) => all.filter((x) => x.key !== s.key))}
                  >
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {notice ? (
        <p role="status" className="text-xs text-muted">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Follows a chosen file that is still being read (its ingestion events, through the attach
 * client), so its row says how far it got and turns ready without a reload.
 */
export function useKnowledgeProgress(fileId: string, active: boolean): string | null {
  const client = useAttachClient();
  const follow = client?.useProgress ?? noProgress;
  const event = follow(fileId, active);
  return event && event.type !== "ready" && event.type !== "failed" ? event.message : null;
}

const noProgress = () => null;
