import { Pencil, Send } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { t } from "@/lib/i18n/i18n.ts";

/** "Edit" beside a sent question (the last one of a thread). */
export function EditQuestionButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onClick}
      data-testid="edit-question"
      aria-label={t("chat.editQuestion")}
    >
      <Pencil className="size-4" aria-hidden="true" />
    </Button>
  );
}

/**
 * A sent question, editable: "Send" asks it again as edited (the reply is regenerated and the one
 * before is kept as a version), Escape or "Cancel" leaves it as it was.
 */
export function EditQuestionForm({
  question,
  onSend,
  onCancel,
}: {
  question: string;
  onSend: (question: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(question);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const edited = text.trim();
    if (edited === "") return;
    if (edited === question.trim()) onCancel();
    else onSend(edited);
  };
  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
      className="flex flex-col gap-2"
    >
      <label htmlFor={id} className="sr-only">
        {t("chat.editQuestion")}
      </label>
      <textarea
        id={id}
        data-testid="edit-question-input"
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={4000}
        rows={2}
        // biome-ignore lint/a11y/noAutofocus: opened by the person's own click on Edit
        autoFocus
        className="min-h-16 w-full resize-y rounded-lg border border-border bg-surface px-3 py-2 text-base text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {t("spec.cancel")}
        </Button>
        <Button type="submit" size="sm" disabled={text.trim() === ""}>
          <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" />
          {t("chat.send")}
        </Button>
      </div>
    </form>
  );
}
