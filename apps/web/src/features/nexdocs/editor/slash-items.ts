import type { Editor } from "@tiptap/core";
import {
  CheckSquare,
  Code,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  List,
  ListOrdered,
  type LucideIcon,
  Minus,
  Pilcrow,
  Quote,
  Radical,
  Sigma,
  Table,
} from "lucide-react";
import type { MessageId } from "@/lib/i18n/i18n.ts";

/** What the slash menu offers: a block to turn the current line into, or to insert. */
export interface SlashItem {
  id: string;
  label: MessageId;
  /** Words it is also found by (English; the label is searched in the interface language). */
  keywords: string;
  icon: LucideIcon;
  run: (editor: Editor) => void;
}

export const SLASH_ITEMS: readonly SlashItem[] = [
  {
    id: "text",
    label: "nexdocs.slash.text",
    keywords: "paragraph text",
    icon: Pilcrow,
    run: (e) => e.chain().focus().setParagraph().run(),
  },
  {
    id: "h1",
    label: "nexdocs.slash.heading1",
    keywords: "heading title h1",
    icon: Heading1,
    run: (e) => e.chain().focus().setHeading({ level: 1 }).run(),
  },
  {
    id: "h2",
    label: "nexdocs.slash.heading2",
    keywords: "heading subtitle h2",
    icon: Heading2,
    run: (e) => e.chain().focus().setHeading({ level: 2 }).run(),
  },
  {
    id: "h3",
    label: "nexdocs.slash.heading3",
    keywords: "heading h3",
    icon: Heading3,
    run: (e) => e.chain().focus().setHeading({ level: 3 }).run(),
  },
  {
    id: "bullets",
    label: "nexdocs.slash.bulletList",
    keywords: "bullet list unordered",
    icon: List,
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    id: "numbers",
    label: "nexdocs.slash.orderedList",
    keywords: "numbered ordered list",
    icon: ListOrdered,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    id: "tasks",
    label: "nexdocs.slash.taskList",
    keywords: "task todo checkbox",
    icon: CheckSquare,
    run: (e) => e.chain().focus().toggleTaskList().run(),
  },
  {
    id: "quote",
    label: "nexdocs.slash.quote",
    keywords: "quote blockquote",
    icon: Quote,
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    id: "code",
    label: "nexdocs.slash.codeBlock",
    keywords: "code block snippet",
    icon: Code,
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  {
    id: "table",
    label: "nexdocs.slash.table",
    keywords: "table grid",
    icon: Table,
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    id: "math-inline",
    label: "nexdocs.mathInline",
    keywords: "math formula equation latex tex inline",
    icon: Radical,
    run: (e) => e.chain().focus().insertMath("inline").run(),
  },
  {
    id: "math-block",
    label: "nexdocs.mathBlock",
    keywords: "math formula equation latex tex block display",
    icon: Sigma,
    run: (e) => e.chain().focus().insertMath("block").run(),
  },
  {
    id: "image",
    label: "nexdocs.imageInsert",
    keywords: "image picture photo upload",
    icon: ImagePlus,
    run: (e) => e.chain().focus().pickImage().run(),
  },
  {
    id: "divider",
    label: "nexdocs.slash.divider",
    keywords: "divider rule line hr",
    icon: Minus,
    run: (e) => e.chain().focus().setHorizontalRule().run(),
  },
];

/** The slash command being typed at the cursor ("/head"), or null. */
export function slashQueryAt(editor: Editor): { query: string; from: number; to: number } | null {
  const { selection } = editor.state;
  if (!selection.empty) return null;
  const { $from } = selection;
  if (!$from.parent.isTextblock || $from.parent.type.name === "codeBlock") return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, "\ufffc");
  const match = /(?:^|\s)\/([\p{L}\d-]{0,24})$/u.exec(before);
  if (!match) return null;
  const query = match[1] ?? "";
  return { query, from: $from.pos - query.length - 1, to: $from.pos };
}
