import type { Editor } from "@tiptap/core";
import { redoDepth, undoDepth } from "@tiptap/pm/history";
import { useEditorState } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import { clsx } from "clsx";
import {
  Bold,
  CheckSquare,
  Code,
  Heading2,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  PenLine,
  Redo2,
  Sparkles,
  Strikethrough,
  Table,
  Undo2,
} from "lucide-react";
import { type FormEvent, useMemo, useState } from "react";
import { type MessageId, useT } from "@/lib/i18n/i18n.ts";
import { AiMenu, type RunAiAction } from "./ai-menu.tsx";

function ToolButton({
  icon: Icon,
  label,
  active = false,
  disabled = false,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={clsx(
        "flex size-8 shrink-0 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-40",
        active
          ? "bg-accent-soft text-accent-soft-fg"
          : "text-muted hover:bg-surface-2 hover:text-fg",
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}

interface Marks {
  bold: boolean;
  italic: boolean;
  strike: boolean;
  code: boolean;
  link: boolean;
  h2: boolean;
  bullets: boolean;
  numbers: boolean;
  tasks: boolean;
  table: boolean;
  undo: boolean;
  redo: boolean;
}

function useMarks(editor: Editor): Marks {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      code: e.isActive("code"),
      link: e.isActive("link"),
      h2: e.isActive("heading", { level: 2 }),
      bullets: e.isActive("bulletList"),
      numbers: e.isActive("orderedList"),
      tasks: e.isActive("taskList"),
      table: e.isActive("table"),
      // The history's depth, not `can()`: that builds every command's props on each keystroke.
      undo: undoDepth(e.state) > 0,
      redo: redoDepth(e.state) > 0,
    }),
  });
}

/** Bold, italic, strike, code and link: the toolbar's and the bubble menu's inline group. */
function InlineTools({
  editor,
  marks,
  onLink,
}: {
  editor: Editor;
  marks: Marks;
  onLink: () => void;
}) {
  const t = useT();
  const tools: Array<[LucideIcon, MessageId, boolean, () => void]> = [
    [Bold, "nexdocs.tool.bold", marks.bold, () => editor.chain().focus().toggleBold().run()],
    [
      Italic,
      "nexdocs.tool.italic",
      marks.italic,
      () => editor.chain().focus().toggleItalic().run(),
    ],
    [
      Strikethrough,
      "nexdocs.tool.strike",
      marks.strike,
      () => editor.chain().focus().toggleStrike().run(),
    ],
    [Code, "nexdocs.tool.code", marks.code, () => editor.chain().focus().toggleCode().run()],
    [Link2, "nexdocs.tool.link", marks.link, onLink],
  ];
  return tools.map(([icon, label, active, run]) => (
    <ToolButton key={label} icon={icon} label={t(label)} active={active} onClick={run} />
  ));
}

/** The link field: an http(s) or mailto address for the selection; empty removes the link. */
function LinkField({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const t = useT();
  const [href, setHref] = useState(() => String(editor.getAttributes("link").href ?? ""));
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = href.trim();
    if (value === "") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      onDone();
      return;
    }
    const address = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    if (!/^(https?:\/\/|mailto:)/i.test(address)) {
      setError(true);
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: address }).run();
    onDone();
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-1 p-1">
      <input
        // biome-ignore lint/a11y/noAutofocus: the field opens on the person's own request
        autoFocus
        aria-label={t("nexdocs.linkAddress")}
        aria-invalid={error}
        placeholder="https://"
        value={href}
        onChange={(event) => {
          setHref(event.target.value);
          setError(false);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone();
        }}
        className={clsx(
          "h-8 w-56 rounded-md border bg-surface px-2 text-sm",
          error ? "border-danger" : "border-border",
        )}
      />
      <button type="submit" className="h-8 rounded-md bg-accent px-2.5 text-sm text-accent-fg">
        {t("nexdocs.linkApply")}
      </button>
    </form>
  );
}

/**
 * The toolbar above the document (formatting, blocks, tables, undo) and the selection's bubble
 * menu; with `onAi`, the AI actions too (continue writing in the toolbar, the rest on a selection).
 */
export function EditorToolbar({ editor, onAi }: { editor: Editor; onAi?: RunAiAction }) {
  const t = useT();
  const marks = useMarks(editor);
  const [linking, setLinking] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  // The bubble menu hidden (a click away, the selection gone): its AI list and link field close,
  // so the next selection shows the menu's first row again.
  const bubbleOptions = useMemo(
    () => ({
      onHide: () => {
        setAiOpen(false);
        setLinking(false);
      },
    }),
    [],
  );
  const chain = () => editor.chain().focus();
  return (
    <>
      <div
        role="toolbar"
        aria-label={t("nexdocs.toolbar")}
        className="flex items-center gap-0.5 overflow-x-auto border-b border-border px-1 py-1 sm:flex-wrap"
      >
        <ToolButton
          icon={Undo2}
          label={t("nexdocs.tool.undo")}
          disabled={!marks.undo}
          onClick={() => chain().undo().run()}
        />
        <ToolButton
          icon={Redo2}
          label={t("nexdocs.tool.redo")}
          disabled={!marks.redo}
          onClick={() => chain().redo().run()}
        />
        <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
        <InlineTools editor={editor} marks={marks} onLink={() => setLinking(true)} />
        <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
        <ToolButton
          icon={Heading2}
          label={t("nexdocs.slash.heading2")}
          active={marks.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <ToolButton
          icon={List}
          label={t("nexdocs.slash.bulletList")}
          active={marks.bullets}
          onClick={() => chain().toggleBulletList().run()}
        />
        <ToolButton
          icon={ListOrdered}
          label={t("nexdocs.slash.orderedList")}
          active={marks.numbers}
          onClick={() => chain().toggleOrderedList().run()}
        />
        <ToolButton
          icon={CheckSquare}
          label={t("nexdocs.slash.taskList")}
          active={marks.tasks}
          onClick={() => chain().toggleTaskList().run()}
        />
        <ToolButton
          icon={Table}
          label={t("nexdocs.slash.table")}
          active={marks.table}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        />
        <ToolButton
          icon={ImagePlus}
          label={t("nexdocs.imageInsert")}
          onClick={() => editor.commands.pickImage()}
        />
        {marks.table ? (
          <span className="flex flex-wrap gap-1 ps-1 text-xs">
            {(
              [
                ["nexdocs.table.addRow", () => chain().addRowAfter().run()],
                ["nexdocs.table.addColumn", () => chain().addColumnAfter().run()],
                ["nexdocs.table.deleteRow", () => chain().deleteRow().run()],
                ["nexdocs.table.deleteColumn", () => chain().deleteColumn().run()],
                ["nexdocs.table.delete", () => chain().deleteTable().run()],
              ] as Array<[MessageId, () => void]>
            ).map(([label, run]) => (
              <button
                key={label}
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={run}
                className="rounded-md border border-border px-2 py-1 text-muted hover:bg-surface-2 hover:text-fg"
              >
                {t(label)}
              </button>
            ))}
          </span>
        ) : null}
        {onAi ? (
          <>
            <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
            <ToolButton
              icon={PenLine}
              label={t("nexdocs.ai.continue")}
              onClick={() => onAi("continue")}
            />
          </>
        ) : null}
      </div>
      <BubbleMenu
        editor={editor}
        // Not on a selected formula: its own editor opens beside it (math-popover.tsx).
        shouldShow={({ editor: e, from, to }) =>
          linking ||
          (from !== to &&
            !e.isActive("codeBlock") &&
            !e.isActive("inlineMath") &&
            !e.isActive("blockMath"))
        }
        options={bubbleOptions}
        className="flex items-center gap-0.5 rounded-xl border border-border bg-surface p-1 shadow-lg"
        data-testid="nexdocs-bubble-menu"
      >
        {linking ? (
          <LinkField editor={editor} onDone={() => setLinking(false)} />
        ) : aiOpen && onAi ? (
          <AiMenu onRun={onAi} onDone={() => setAiOpen(false)} />
        ) : (
          <>
            {onAi ? (
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setAiOpen(true)}
                data-testid="nexdocs-ai-open"
                className="flex h-8 shrink-0 items-center gap-1 rounded-md px-2 text-sm font-medium text-accent hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-ring"
              >
                <Sparkles className="size-4" aria-hidden="true" />
                {t("nexdocs.ai.open")}
              </button>
            ) : null}
            <InlineTools editor={editor} marks={marks} onLink={() => setLinking(true)} />
          </>
        )}
      </BubbleMenu>
    </>
  );
}
