import type { ChainedCommands, Editor } from "@tiptap/core";
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
  /**
   * Its command, added to the chain that removes the typed "/query": the choice is one
   * transaction, so one undo step takes it back to the text as typed.
   */
  run: (chain: ChainedCommands) => ChainedCommands;
}

export const SLASH_ITEMS: readonly SlashItem[] = [
  {
    id: "text",
    label: "nexdocs.slash.text",
    keywords: "paragraph text",
    icon: Pilcrow,
    run: (c) => c.setParagraph(),
  },
  {
    id: "h1",
    label: "nexdocs.slash.heading1",
    keywords: "heading title h1",
    icon: Heading1,
    run: (c) => c.setHeading({ level: 1 }),
  },
  {
    id: "h2",
    label: "nexdocs.slash.heading2",
    keywords: "heading subtitle h2",
    icon: Heading2,
    run: (c) => c.setHeading({ level: 2 }),
  },
  {
    id: "h3",
    label: "nexdocs.slash.heading3",
    keywords: "heading h3",
    icon: Heading3,
    run: (c) => c.setHeading({ level: 3 }),
  },
  {
    id: "bullets",
    label: "nexdocs.slash.bulletList",
    keywords: "bullet list unordered",
    icon: List,
    run: (c) => c.toggleBulletList(),
  },
  {
    id: "numbers",
    label: "nexdocs.slash.orderedList",
    keywords: "numbered ordered list",
    icon: ListOrdered,
    run: (c) => c.toggleOrderedList(),
  },
  {
    id: "tasks",
    label: "nexdocs.slash.taskList",
    keywords: "task todo checkbox",
    icon: CheckSquare,
    run: (c) => c.toggleTaskList(),
  },
  {
    id: "quote",
    label: "nexdocs.slash.quote",
    keywords: "quote blockquote",
    icon: Quote,
    run: (c) => c.toggleBlockquote(),
  },
  {
    id: "code",
    label: "nexdocs.slash.codeBlock",
    keywords: "code block snippet",
    icon: Code,
    run: (c) => c.toggleCodeBlock(),
  },
  {
    id: "table",
    label: "nexdocs.slash.table",
    keywords: "table grid",
    icon: Table,
    run: (c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
  },
  {
    id: "math-inline",
    label: "nexdocs.mathInline",
    keywords: "math formula equation latex tex inline",
    icon: Radical,
    run: (c) => c.insertMath("inline"),
  },
  {
    id: "math-block",
    label: "nexdocs.mathBlock",
    keywords: "math formula equation latex tex block display",
    icon: Sigma,
    run: (c) => c.insertMath("block"),
  },
  {
    id: "image",
    label: "nexdocs.imageInsert",
    keywords: "image picture photo upload",
    icon: ImagePlus,
    run: (c) => c.pickImage(),
  },
  {
    id: "divider",
    label: "nexdocs.slash.divider",
    keywords: "divider rule line hr",
    icon: Minus,
    run: (c) => c.setHorizontalRule(),
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
