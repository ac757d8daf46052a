import { THREAD_TITLE_MAX } from "@nexus/contracts";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { inputClasses } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useRenameThread } from "../api/thread-title.ts";

/** The thread header's title, editable: Enter (or Save) keeps it, Escape (or Cancel) leaves it. */
export function ThreadRenameForm({
  threadId,
  title,
  onDone,
}: {
  threadId: string;
  title: string;
  onDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const [value, setValue] = useState(title);
  const rename = useRenameThread(threadId);
  const trimmed = value.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === "" || rename.isPending) return;
    if (trimmed === title) return onDone();
    rename.mutate(trimmed, {
      onSuccess: () => {
        notify("success", t("history.renamed"));
        onDone();
      },
    });
  };
  return (
    <form
      onSubmit={submit}
      className="flex min-w-0 flex-1 flex-col gap-2"
      data-testid="rename-form"
    >
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <label htmlFor={id} className="sr-only">
          {t("history.threadTitle")}
        </label>
        <input
          id={id}
          // biome-ignore lint/a11y/noAutofocus: the person just asked to rename: type at once
          autoFocus
          value={value}
          maxLength={THREAD_TITLE_MAX}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.preventDefault();
              onDone();
            }
          }}
          className={`${inputClasses} h-9 min-w-0 flex-1 text-sm`}
        />
        <Button size="sm" type="submit" disabled={trimmed === "" || rename.isPending}>
          {rename.isPending ? <Spinner className="size-4" /> : null}
          {t("history.save")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone} disabled={rename.isPending}>
          {t("spec.cancel")}
        </Button>
      </div>
      {trimmed === "" ? <p className="text-xs text-danger">{t("history.titleRequired")}</p> : null}
      {rename.isError ? (
        <Alert kind="error">
          {t("history.notRenamed")} {errorMessage(rename.error)}
        </Alert>
      ) : null}
    </form>
  );
}
