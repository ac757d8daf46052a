import type { AnswerAttachment } from "@nexus/contracts";
import type { RefObject } from "react";
import { DialogContent, DialogRoot } from "@/components/ui/dialog.tsx";
import { Sheet } from "@/components/ui/sheet.tsx";
import { t, useT } from "@/lib/i18n/i18n.ts";
import { DESKTOP_QUERY, useMediaQuery } from "@/lib/use-media-query.ts";
import { useAttachClient } from "./attach-client.ts";
import { PickFilesList } from "./pick-files-list.tsx";

/** The dialog's title ("Choose from your files"), in the interface's language. */
export const pickFilesTitle = () => t("chat.attach.choose");

/**
 * "Choose from your files": a dialog (a bottom sheet on a phone) listing the person's files to
 * attach to the question (or, from a document chat's collection bar, to add to the chat). Its content (the list, what is checked) exists only while it is open.
 */
export function PickFilesDialog({
  open,
  onOpenChange,
  room,
  attachedIds,
  onPick,
  onUpload,
  returnFocusRef,
  description,
  roomNote,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  room: number;
  attachedIds: readonly string[];
  onPick: (files: AnswerAttachment[]) => void;
  onUpload: () => void;
  /** Where focus goes back to when it closes (the paperclip). */
  returnFocusRef: RefObject<HTMLElement | null>;
  /** The dialog's line under its title (a question's attachments by default). */
  description?: string;
  /** The list's words for the room left (PickFilesList; a question's by default). */
  roomNote?: (room: number) => string;
}) {
  useT();
  const client = useAttachClient();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  if (!client) return null;
  const close = () => onOpenChange(false);
  const list = (
    <PickFilesList
      client={client}
      room={room}
      attachedIds={attachedIds}
      roomNote={roomNote}
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
        title={pickFilesTitle()}
        testId="pick-files-dialog"
        returnFocusRef={returnFocusRef}
      >
        <div className="p-4">{list}</div>
      </Sheet>
    );
  return (
    <DialogRoot open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={pickFilesTitle()}
        description={description ?? t("chat.attach.chooseHint")}
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
