import type { AnswerAttachment } from "@nexus/contracts";
import { FolderOpen, Paperclip, Upload } from "lucide-react";
import { type KeyboardEvent, Suspense, useEffect, useId, useRef, useState } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { lazyComponent } from "@/lib/lazy-component.ts";

// "Choose from your files" (its list, search, dialog and phone sheet): downloaded when the menu
// opens, not with the composer that the home screen draws first.
const LazyPickFilesDialog = lazyComponent(() =>
  import("./pick-files-dialog.tsx").then((m) => m.PickFilesDialog),
);

const ITEM =
  "flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-start text-sm text-fg hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none";

/**
 * The paperclip beside the send button: a small menu — "Upload a file" (the file picker, several
 * files at once) or "Choose from your files" (the person's files, in a dialog). For someone not
 * signed in it opens the sign-in prompt instead (no menu, nothing uploaded). The menu is a menu
 * button: Enter, Space or the arrows open it, the arrows move, Escape closes it.
 */
export function AttachButton({
  signedIn,
  disabled,
  room,
  attachedIds,
  onFiles,
  onPick,
  onSignIn,
}: {
  signedIn: boolean;
  disabled: boolean;
  /** How many more files the question can take. */
  room: number;
  /** The files already on the composer's chips. */
  attachedIds: readonly string[];
  onFiles: (files: File[]) => void;
  onPick: (files: AnswerAttachment[]) => void;
  onSignIn: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  /** The dialog is drawn from its first opening on (so it can animate closed and keep focus rules). */
  const [picked, setPicked] = useState(false);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const closeMenu = (refocus: boolean) => {
    setMenuOpen(false);
    if (refocus) trigger.current?.focus();
  };

  // Opened: the first choice has the focus; a press outside closes it.
  useEffect(() => {
    if (!menuOpen) return;
    void LazyPickFilesDialog.preload().catch(() => undefined);
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [menuOpen]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      all[next]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      closeMenu(true);
    } else if (event.key === "Tab") setMenuOpen(false);
  };

  const upload = () => {
    closeMenu(true);
    input.current?.click();
  };

  return (
    <div className="relative shrink-0 self-end">
      <button
        ref={trigger}
        type="button"
        aria-label={t("chat.attach.files")}
        title={t("chat.attach.files")}
        data-testid="composer-attach"
        disabled={disabled}
        {...(signedIn
          ? { "aria-haspopup": "menu" as const, "aria-expanded": menuOpen, "aria-controls": menuId }
          : {})}
        onClick={() => (signedIn ? setMenuOpen((open) => !open) : onSignIn())}
        onKeyDown={(event) => {
          if (signedIn && event.key === "ArrowDown") {
            event.preventDefault();
            setMenuOpen(true);
          }
        }}
        className="inline-flex size-10 items-center justify-center rounded-xl text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-40 aria-expanded:bg-surface-2 aria-expanded:text-fg"
      >
        <Paperclip className="size-5" aria-hidden="true" />
      </button>
      {signedIn && menuOpen ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={t("chat.attach.files")}
          data-testid="composer-attach-menu"
          onKeyDown={onMenuKeyDown}
          className="absolute end-0 bottom-full z-40 mb-2 flex w-60 flex-col gap-0.5 rounded-xl border border-border bg-surface p-1 shadow-lg"
        >
          <button type="button" role="menuitem" tabIndex={-1} className={ITEM} onClick={upload}>
            <Upload className="size-4 shrink-0 text-muted" aria-hidden="true" />
            {t("chat.attach.upload")}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={ITEM}
            onClick={() => {
              setMenuOpen(false);
              setPicked(true);
              setPicking(true);
            }}
          >
            <FolderOpen className="size-4 shrink-0 text-muted" aria-hidden="true" />
            {t("chat.attach.choose")}
          </button>
        </div>
      ) : null}
      {signedIn ? (
        <>
          <input
            ref={input}
            type="file"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="composer-attach-input"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = "";
              if (files.length > 0) onFiles(files);
            }}
          />
          {picked ? (
            <Suspense fallback={null}>
              <LazyPickFilesDialog
                open={picking}
                onOpenChange={setPicking}
                room={room}
                attachedIds={attachedIds}
                onPick={onPick}
                onUpload={() => input.current?.click()}
                returnFocusRef={trigger}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
