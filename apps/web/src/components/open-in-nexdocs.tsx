import type { NexdocsDocument, NexdocsFromThread } from "@nexus/contracts";
import { useMutation } from "@tanstack/react-query";
import { FilePen } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button.tsx";
import { Spinner } from "@/components/ui/spinner.tsx";
import { paths } from "@/config/paths.ts";
import { apiRequest, errorMessage } from "@/lib/api-client.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";
import { useSession } from "@/lib/session.tsx";

/**
 * "Open in NexDocs" (issue 40): POST /api/nexdocs/from-thread makes a document of one of the
 * person's threads (or one answer of it, `messageId`) with its citations as chips and a Sources
 * list, then the editor opens it. Shared here because an answer's actions, a thread's Export menu
 * and a research report's actions (three features) all offer it; NexDocs' own code is not loaded.
 */
export function useOpenInNexdocs() {
  const t = useT();
  const navigate = useNavigate();
  const open = useMutation({
    mutationFn: (input: NexdocsFromThread) =>
      apiRequest<NexdocsDocument>("/nexdocs/from-thread", { method: "POST", body: input }),
    onSuccess: (doc) => void navigate(paths.app.nexdocs.href(doc.id)),
    onError: (error) => notify("error", `${t("nexdocsApp.openFailed")} ${errorMessage(error)}`),
  });
  return open;
}

/** The answer's action: its reply alone as a document (signed-in people only: documents are). */
export function OpenInNexdocsButton({
  threadId,
  messageId,
}: {
  threadId: string;
  messageId?: string;
}) {
  const t = useT();
  const session = useSession();
  const open = useOpenInNexdocs();
  if (session.status !== "signed-in") return null;
  const label = open.isPending ? t("nexdocsApp.opening") : t("nexdocsApp.open");
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-busy={open.isPending}
      data-testid="open-in-nexdocs"
      onClick={() => {
        if (!open.isPending) open.mutate(messageId ? { threadId, messageId } : { threadId });
      }}
    >
      {open.isPending ? (
        <Spinner className="size-4" />
      ) : (
        <FilePen className="size-4" aria-hidden="true" />
      )}
      <span className="max-sm:sr-only">{label}</span>
    </Button>
  );
}
