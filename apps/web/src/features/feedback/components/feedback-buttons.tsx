import {
  FEEDBACK_TEXT_MAX,
  FEEDBACK_TYPES,
  type FeedbackRating,
  type FeedbackType,
} from "@nexus/contracts";
import { clsx } from "clsx";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { inputClasses } from "@/components/ui/text-field.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useFeedback } from "../api/get-feedback.ts";
import { useSubmitFeedback } from "../api/submit-feedback.ts";

/** Longest answer snapshot sent with a rating (the contract allows 200,000 characters). */
const ANSWER_SNAPSHOT_MAX = 20_000;

/** A feedback type's name ("Inaccurate") in the interface's language. */
const typeLabel = (t: (id: MessageId) => string, type: FeedbackType) =>
  t(`feedback.type.${type}` as MessageId);

interface Rated {
  entryId: string;
  query: string;
  markdown: string;
}

function DetailsForm({
  answer,
  rating,
  onDone,
}: {
  answer: Rated;
  rating: FeedbackRating;
  onDone: () => void;
}) {
  const t = useT();
  const [type, setType] = useState<FeedbackType | null>(null);
  const [text, setText] = useState("");
  const textId = useId();
  const submit = useSubmitFeedback();

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (type === null && text.trim() === "") {
      onDone();
      return;
    }
    submit.mutate(
      {
        entryId: answer.entryId,
        rating,
        feedbackType: type,
        feedbackText: text.trim() === "" ? null : text.trim(),
        query: answer.query.slice(0, 4000),
        answer: answer.markdown.slice(0, ANSWER_SNAPSHOT_MAX),
      },
      {
        onSuccess: () => {
          notify("success", t("feedback.thanks"));
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={send} className="flex flex-col gap-4" data-testid="feedback-form">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t("feedback.whatWrong")}</legend>
        <div className="flex flex-wrap gap-2">
          {FEEDBACK_TYPES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={type === value}
              onClick={() => setType(type === value ? null : value)}
              className={clsx(
                "h-8 rounded-full border px-3 text-sm transition-colors",
                type === value
                  ? "border-accent bg-accent-soft text-accent-soft-fg"
                  : "border-border text-muted hover:bg-surface-2 hover:text-fg",
              )}
            >
              {typeLabel(t, value)}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={textId} className="text-sm font-medium">
          {t("feedback.anythingElse")}{" "}
          <span className="font-normal text-subtle">{t("feedback.optional")}</span>
        </label>
        <textarea
          id={textId}
          value={text}
          maxLength={FEEDBACK_TEXT_MAX}
          rows={4}
          onChange={(event) => setText(event.target.value)}
          className={`${inputClasses} h-auto resize-y py-2`}
        />
      </div>
      {submit.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t("feedback.notSent", { message: errorMessage(submit.error) })}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={submit.isPending}>
          {t("spec.cancel")}
        </Button>
        <Button type="submit" disabled={submit.isPending}>
          {t("feedback.send")}
        </Button>
      </div>
    </form>
  );
}

/** Thumbs up / down on an answer; thumbs down then asks (optionally) what was wrong. */
export function FeedbackButtons(props: Rated) {
  const t = useT();
  const current = useFeedback(props.entryId, { fetch: false }).data ?? null;
  const submit = useSubmitFeedback();
  const [details, setDetails] = useState(false);

  const rate = (rating: FeedbackRating) => {
    submit.mutate(
      {
        entryId: props.entryId,
        rating,
        query: props.query.slice(0, 4000),
        answer: props.markdown.slice(0, ANSWER_SNAPSHOT_MAX),
      },
      {
        onSuccess: () => {
          if (rating === "up") notify("success", t("feedback.thanks"));
        },
        onError: (error) =>
          notify("error", t("feedback.notSaved", { message: errorMessage(error) })),
      },
    );
    if (rating === "down") setDetails(true);
  };

  const rating = current?.rating ?? null;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={t("feedback.good")}
        title={t("feedback.good")}
        aria-pressed={rating === "up"}
        onClick={() => rate("up")}
      >
        <ThumbsUp
          className={rating === "up" ? "size-4 fill-current text-accent" : "size-4"}
          aria-hidden="true"
        />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={t("feedback.bad")}
        title={t("feedback.bad")}
        aria-pressed={rating === "down"}
        onClick={() => rate("down")}
      >
        <ThumbsDown
          className={rating === "down" ? "size-4 fill-current text-accent" : "size-4"}
          aria-hidden="true"
        />
      </Button>
      <DialogRoot open={details} onOpenChange={setDetails}>
        <DialogContent
          title={t("feedback.dialogTitle")}
          description={t("feedback.dialogDescription")}
          data-testid="feedback-dialog"
        >
          {details ? (
            <DetailsForm answer={props} rating="down" onDone={() => setDetails(false)} />
          ) : null}
        </DialogContent>
      </DialogRoot>
    </>
  );
}
