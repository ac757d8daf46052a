import { type ReactNode, useMemo } from "react";
import {
  type AttachClient,
  AttachClientContext,
  attachSignInReason,
} from "@/components/chat/attach/attach-client.ts";
import { useSignInDialog } from "@/features/auth/hooks/use-sign-in-dialog.tsx";
import { deleteFile } from "@/features/files/api/delete-file.ts";
import { useFileEvents } from "@/features/files/api/file-events.ts";
import { getFiles } from "@/features/files/api/get-files.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { notify } from "@/lib/notices.ts";

/**
 * Attaching files in the answer and agent composers: the files feature's upload, list and
 * ingestion progress (the same API as /app/files), and the sign-in dialog for visitors.
 */
export function ComposerAttachProvider({ children }: { children: ReactNode }) {
  const { openSignInFor } = useSignInDialog();
  const client = useMemo<AttachClient>(
    () => ({
      // The upload's code (XMLHttpRequest with progress) comes with the first file, not with /app.
      upload: (file, options) =>
        import("@/features/files/api/upload-file.ts").then((m) => m.uploadFile(file, options)),
      // The same bytes as one of the person's files: that file is attached, and they are told.
      alreadyInFiles: (name) => notify("info", t("files.alreadyIn", { name })),
      discard: deleteFile,
      listFiles: getFiles,
      useProgress: useFileEvents,
      requestSignIn: () => openSignInFor(attachSignInReason()),
    }),
    [openSignInFor],
  );
  return <AttachClientContext value={client}>{children}</AttachClientContext>;
}
