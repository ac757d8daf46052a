import { type ClipboardEvent, type DragEvent, useState } from "react";

function hasFiles(event: DragEvent<HTMLElement>): boolean {
  return event.dataTransfer.types.includes("Files");
}

/**
 * Files dropped on a message box (its form) or pasted into its text are handed to `onFiles`
 * instead of becoming text; `dragging` is true while files are held over it. Without `onFiles`,
 * nothing is taken: drops and pastes behave as usual.
 */
export function useFileDrop(onFiles: ((files: File[]) => void) | undefined) {
  const [dragging, setDragging] = useState(false);
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files];
    if (!onFiles || files.length === 0) return;
    event.preventDefault();
    onFiles(files);
  };
  const dropHandlers = onFiles
    ? {
        onDragOver: (event: DragEvent<HTMLFormElement>) => {
          if (!hasFiles(event)) return;
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: (event: DragEvent<HTMLFormElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDrop: (event: DragEvent<HTMLFormElement>) => {
          const files = [...event.dataTransfer.files];
          setDragging(false);
          if (files.length === 0) return;
          event.preventDefault();
          onFiles(files);
        },
      }
    : {};
  return { dragging, dropHandlers, onPaste };
}
