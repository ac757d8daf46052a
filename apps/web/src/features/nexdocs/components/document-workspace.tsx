import type { NexdocsDocument } from "@nexus/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { EditorContent } from "@tiptap/react";
import { ArrowLeft } from "lucide-react";
import { useCallback, useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert.tsx";
import { paths } from "@/config/paths.ts";
import { useT } from "@/lib/i18n/i18n.ts";
import { nexdocsKeys } from "../api/keys.ts";
import { uploadImage } from "../api/upload-image.ts";
import { restoreVersion } from "../api/versions.ts";
import { EditorToolbar } from "../editor/editor-toolbar.tsx";
import { useMathPopover } from "../editor/math-popover.tsx";
import { Outline, WordCount } from "../editor/outline.tsx";
import { useSlashMenu } from "../editor/slash-menu.tsx";
import { useNexdocsEditor } from "../editor/use-nexdocs-editor.ts";
import { useAiEdit } from "../hooks/use-ai-edit.ts";
import { useAutosave } from "../hooks/use-autosave.ts";
import { AiSuggestionBar } from "./ai-suggestion-bar.tsx";
import { ConflictBanner } from "./conflict-banner.tsx";
import { ExportMenu } from "./export-menu.tsx";
import { SaveState } from "./save-state.tsx";
import { ShareMenu } from "./share-menu.tsx";
import { useSideChat } from "./side-chat.tsx";
import { VersionHistory } from "./version-history.tsx";
import "../editor/nexdocs-editor.css";

/**
 * One open document: title, editor, autosave with conflicts, versions, export, outline, and the
 * side chat about it (`threadId`: the address's thread).
 */
export function DocumentWorkspace({
  document,
  threadId,
}: {
  document: NexdocsDocument;
  threadId?: string | undefined;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const autosave = useAutosave(document);
  const [title, setTitle] = useState(document.title);
  const [notice, setNotice] = useState<string | null>(null);
  const math = useMathPopover();
  const { editor, keyHandler } = useNexdocsEditor({
    content: document.content,
    placeholder: t("nexdocs.placeholder"),
    label: t("nexdocs.editorLabel"),
    onChange: (content) => autosave.change({ content }),
    uploads: {
      upload: (file) => uploadImage(document.id, file),
      onError: (message) => setNotice(`${t("nexdocs.imageFailed")} ${message}`),
    },
    editMath: math.editMath,
  });
  const slash = useSlashMenu(editor);
  const chat = useSideChat({
    documentId: document.id,
    title,
    editor,
    urlThreadId: threadId,
    beforeAsk: autosave.flush,
  });
  const ai = useAiEdit(editor, document.id);
  keyHandler.current = slash.onKeyDown;

  /** A version put in place (theirs, or a restored one), without an autosave of it. */
  const apply = useCallback(
    (doc: NexdocsDocument) => {
      editor?.commands.setContent(doc.content as never, { emitUpdate: false });
      setTitle(doc.title);
      autosave.replaced(doc);
      queryClient.setQueryData(nexdocsKeys.one(doc.id), doc);
      void queryClient.invalidateQueries({ queryKey: nexdocsKeys.versions(doc.id) });
      void queryClient.invalidateQueries({ queryKey: nexdocsKeys.lists() });
    },
    [editor, autosave.replaced, queryClient],
  );

  const restore = async (revision: number) => {
    await autosave.flush();
    apply(await restoreVersion(document.id, revision, autosave.currentRevision()));
  };

  return (
    <div className="flex min-h-full flex-col">
      <title>{`${title || t("nexdocs.untitled")} · Nexus`}</title>
      <header className="sticky top-0 z-20 flex flex-wrap items-center gap-2 border-b border-border bg-bg/95 px-3 py-2 backdrop-blur sm:px-6">
        <Link
          to={paths.app.nexdocsList.href()}
          aria-label={t("nexdocs.back")}
          title={t("nexdocs.back")}
          className="flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg"
        >
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
        </Link>
        <input
          aria-label={t("nexdocs.titleLabel")}
          placeholder={t("nexdocs.untitled")}
          value={title}
          maxLength={200}
          data-testid="nexdocs-title"
          onChange={(event) => {
            setTitle(event.target.value);
            autosave.change({ title: event.target.value });
          }}
          className="h-9 min-w-0 flex-1 basis-0 rounded-lg bg-transparent px-2 text-lg font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
        <SaveState status={autosave.status} revision={autosave.revision} error={autosave.error} />
        {chat.toggle}
        <VersionHistory
          documentId={document.id}
          currentRevision={autosave.revision}
          onRestore={restore}
        />
        <ShareMenu documentId={document.id} />
        <ExportMenu
          documentId={document.id}
          title={title}
          beforeExport={autosave.flush}
          onError={setNotice}
        />
      </header>
      {autosave.conflict ? (
        <ConflictBanner
          onReloadTheirs={() => autosave.conflict && apply(autosave.conflict.theirs)}
          onKeepMine={() => void autosave.keepMine()}
        />
      ) : null}
      {notice ? (
        <Alert
          kind="error"
          className="m-3"
          action={
            <button type="button" className="text-xs underline" onClick={() => setNotice(null)}>
              {t("nexdocs.dismiss")}
            </button>
          }
        >
          {notice}
        </Alert>
      ) : null}
      <div className="mx-auto flex w-full max-w-6xl flex-1 gap-8 px-2 py-4 sm:px-6 sm:py-6">
        <main className="min-w-0 flex-1">
          {editor ? (
            <div className="rounded-xl border border-border bg-surface">
              <EditorToolbar editor={editor} onAi={ai.run} />
              <div className="px-4 py-5 sm:px-8 sm:py-8">
                <EditorContent editor={editor} />
              </div>
            </div>
          ) : null}
          <AiSuggestionBar ai={ai} />
          <p className="mt-2 px-1 text-xs text-subtle">
            {editor ? <WordCount editor={editor} /> : null}
          </p>
        </main>
        {chat.aside ?? (
          <aside className="sticky top-16 hidden max-h-[calc(100dvh-5rem)] w-56 shrink-0 self-start overflow-y-auto lg:block">
            {editor ? <Outline editor={editor} /> : null}
          </aside>
        )}
      </div>
      {slash.menu}
      {math.popover}
      {chat.sheet}
    </div>
  );
}
