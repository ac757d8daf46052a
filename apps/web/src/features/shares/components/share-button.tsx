import type { CreateShareRequest, MyShare } from "@nexus/contracts";
import { Check, Copy, ExternalLink, Link2, MessagesSquare, Share2, Text } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { Button } from "@/components/ui/button.tsx";
import { DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { inputClasses } from "@/components/ui/text-field.tsx";
import { paths } from "@/config/paths.ts";
import { errorMessage } from "@/lib/api-client.ts";
import { useSession } from "@/lib/session.tsx";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard.ts";
import { useCreateShare } from "../api/create-share.ts";

function CopyableLink({ share }: { share: MyShare }) {
  const id = useId();
  const clipboard = useCopyToClipboard();
  const copied = clipboard.copied;
  // A refused clipboard leaves the link selectable in the field.
  const copy = () => clipboard.copy(share.url);
  return (
    <div className="mt-3 flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        Share link
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={share.url}
          data-testid="share-url"
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClasses} min-w-0 flex-1 font-mono text-xs`}
        />
        <Button variant="outline" onClick={() => void copy()} aria-label="Copy link">
          {copied ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
        </Button>
      </div>
      <a
        href={share.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex w-fit items-center gap-1 text-xs text-accent hover:underline"
      >
        Open link
        <ExternalLink className="size-3" aria-hidden="true" />
      </a>
    </div>
  );
}

function ShareOption({
  icon,
  title,
  description,
  request,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  request: CreateShareRequest;
  testId: string;
}) {
  const create = useCreateShare();
  return (
    <li className="rounded-xl border border-border p-4" data-testid={testId}>
      <div className="flex items-start gap-3">
        <span className="mt-0.5 text-muted">{icon}</span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">{title}</p>
          <p className="text-xs text-muted">{description}</p>
        </div>
        {create.isSuccess ? null : (
          <Button
            size="sm"
            onClick={() => create.mutate(request)}
            disabled={create.isPending}
            className="shrink-0"
          >
            {create.isPending ? <Spinner className="size-4" /> : null}
            Create link
          </Button>
        )}
      </div>
      {create.isSuccess ? <CopyableLink share={create.data} /> : null}
      {create.isError ? (
        <Alert kind="error" className="mt-3">
          {errorMessage(create.error)}
        </Alert>
      ) : null}
    </li>
  );
}

/**
 * Share: a read-only link to this answer or to the whole thread. Anonymous visitors are asked to
 * sign in (links belong to an account, which can revoke them).
 */
export function ShareButton({
  threadId,
  entryId,
  onSignIn,
}: {
  threadId: string;
  entryId: string;
  onSignIn?: () => void;
}) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (session.status === "loading") return null;
  if (session.status !== "signed-in") {
    if (!onSignIn) return null;
    return (
      <Button variant="ghost" size="sm" onClick={onSignIn} title="Sign in to share answers">
        <Share2 className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">Share</span>
      </Button>
    );
  }
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Share2 className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">Share</span>
      </Button>
      <DialogRoot open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Share"
          description="Anyone with the link can read a snapshot of it, without signing in."
          data-testid="share-dialog"
        >
          {/* Mounted only while open: each opening starts fresh. */}
          {open ? (
            <ul className="flex flex-col gap-3">
              <ShareOption
                icon={<Text className="size-4" aria-hidden="true" />}
                title="This answer"
                description="The question, the answer and its sources."
                request={{ entryId }}
                testId="share-answer"
              />
              <ShareOption
                icon={<MessagesSquare className="size-4" aria-hidden="true" />}
                title="The whole thread"
                description="Every question and answer in this thread so far."
                request={{ threadId }}
                testId="share-thread"
              />
            </ul>
          ) : null}
          <p className="mt-4 flex items-center gap-1.5 text-xs text-subtle">
            <Link2 className="size-3.5" aria-hidden="true" />
            <span>
              Your links are listed in{" "}
              <Link
                to={`${paths.app.settings.href()}#share-links`}
                className="text-accent hover:underline"
                onClick={() => setOpen(false)}
              >
                Settings
              </Link>
              , where you can revoke them.
            </span>
          </p>
        </DialogContent>
      </DialogRoot>
    </>
  );
}
