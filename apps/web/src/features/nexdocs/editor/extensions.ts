import { TaskItem, TaskList } from "@tiptap/extension-list";
import { TableKit } from "@tiptap/extension-table";
import { CharacterCount, Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";
import { AiSuggestion } from "./ai-suggestion.ts";
import { Citation } from "./citation.ts";

/**
 * The editor's node types: the starter kit (headings, lists, quotes, code blocks, links, Markdown
 * shortcuts as input rules), tables, task lists and citation chips — the same schema the server
 * stores and converts (nexdocs.markdown.ts).
 */
export function nexdocsExtensions(placeholder: string) {
  return [
    StarterKit.configure({
      link: {
        openOnClick: false,
        autolink: true,
        protocols: ["http", "https", "mailto"],
        HTMLAttributes: { rel: "noopener noreferrer nofollow", target: "_blank" },
      },
    }),
    TableKit.configure({ table: { resizable: false } }),
    TaskList,
    TaskItem.configure({ nested: true }),
    Citation,
    AiSuggestion,
    CharacterCount,
    Placeholder.configure({ placeholder }),
  ];
}
