import { ArrowRight } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { errorMessage } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useSession } from "@/lib/session.tsx";
import { useCopyShare } from "../api/copy-share.ts";
import type { SharedConversation } from "../lib/shared-messages.ts";

/**
 * "Continue in Nexus": signed in, the shared turns are copied into a new thread of the visitor's
 * (POST /api/shares/:shareId/copy) — a conversation with an agent goes on in that agent's chat;
 * anonymous, `continueAnonymously` puts them into this tab's thread and returns its page (or null
 * when it asked the visitor to sign in first). Either way follow-ups carry the earlier turns.
 */
export function ContinueButton({
  conversation,
  continueAnonymously,
  className,
}: {
  conversation: SharedConversation;
  continueAnonymously: (conversation: SharedConversation) => string | null;
  className?: string;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const copy = useCopyShare();

  const onClick = () => {
    if (session.status === "signed-in") {
      copy.mutate(conversation.shareId, {
        onSuccess: ({ href }) => void navigate(href),
        onError: (error) => notify("error", `${t("shares.notCopied")} ${errorMessage(error)}`),
      });
      return;
    }
    const href = continueAnonymously(conversation);
    if (href !== null) void navigate(href);
  };

  return (
    <Button
      onClick={onClick}
      disabled={copy.isPending || session.status === "loading"}
      className={className}
      data-testid="continue-in-nexus"
    >
      {copy.isPending ? <Spinner className="size-4" /> : null}
      {t("shares.continue")}
      <ArrowRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
    </Button>
  );
}
