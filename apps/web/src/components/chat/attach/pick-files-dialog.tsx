import type { AnswerAttachment } from "@nexus/contracts";
import type { RefObject } from "react";
import { DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { Sheet } from "@/components/ui/sheet.tsx";
import { DESKTOP_QUERY, useMediaQuery } from "@/lib/use-media-query.ts";
import { useAttachClient } from "./attach-client.ts";
import { PickFilesList } from "./pick-files-list.tsx";

export const PICK_FILES_TITLE = "Choose from your files";

/**
 * "Choose from your files": a dialog (a bottom sheet on a phone) listing the person's files to
 * attach to the question. Its content (the list, what is checked) exists only while it is open.
 */
export function PickFilesDialog({
  open,
  onOpenChange,
  room,
  attachedIds,
  onPick,
  onUpload,
  returnFocusRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  room: number;
  attachedIds: readonly string[];
  onPick: (files: AnswerAttachment[]) => void;
  onUpload: () => void;
  /** Where focus goes back to when it closes (the paperclip). */
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const client = useAttachClient();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  if (!client) return null;
  const close = () => onOpenChange(false);
  const list = (
    <PickFilesList
      client={client}
      room={room}
      attachedIds={attachedIds}
      onCancel={close}
      onPick={(files) => {
        close();
        onPick(files);
      }}
      onUpload={() => {
        close();
        onUpload();
      }}
    />
  );
  if (!desktop)
    return (
      <Sheet
        open={open}
        onOpenChange={onOpenChange}
        side="bottom"
        title={PICK_FILES_TITLE}
        testId="pick-files-dialog"
        returnFocusRef={returnFocusRef}
      >
        <div className="p-4">{list}</div>
      </Sheet>
    );
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={PICK_FILES_TITLE}
        description="Attach files you added before; nothing is uploaded again."
        data-testid="pick-files-dialog"
        className="max-w-lg"
        onCloseAutoFocus={(event) => {
          const target = returnFocusRef.current;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        {list}
      </DialogContent>
    </DialogRoot>
  );
}
