import type { AnswerAttachment } from "@nexus/contracts";
import { Paperclip } from "lucide-react";
import { useT } from "@/lib/i18n/i18n.ts";

/** The files a question was asked about, under it. */
export function QuestionAttachments({ files }: { files: readonly AnswerAttachment[] }) {
  const t = useT();
  if (files.length === 0) return null;
  return (
    <ul
      aria-label={t("chat.attach.attached")}
      data-testid="question-attachments"
      className="flex min-w-0 flex-wrap gap-2"
    >
      {files.map((file) => (
        <li
          key={file.id}
          className="flex max-w-full min-w-0 items-center gap-1.5 rounded-lg border border-border bg-surface-2 px-2 py-1 text-xs text-muted"
        >
          <Paperclip className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate" title={file.name}>
            {file.name}
          </span>
        </li>
      ))}
    </ul>
  );
}
