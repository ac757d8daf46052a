import { Paperclip } from "lucide-react";
import { useRef } from "react";

/**
 * The paperclip beside the send button: opens the file picker (several files at once), or for
 * someone not signed in the sign-in prompt (no picker, nothing uploaded).
 */
export function AttachButton({
  signedIn,
  disabled,
  onFiles,
  onSignIn,
}: {
  signedIn: boolean;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  onSignIn: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        aria-label="Attach files"
        title="Attach files"
        data-testid="composer-attach"
        disabled={disabled}
        onClick={() => (signedIn ? input.current?.click() : onSignIn())}
        className="inline-flex size-10 shrink-0 items-center justify-center self-end rounded-xl text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-40"
      >
        <Paperclip className="size-5" aria-hidden="true" />
      </button>
      {signedIn ? (
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
      ) : null}
    </>
  );
}
