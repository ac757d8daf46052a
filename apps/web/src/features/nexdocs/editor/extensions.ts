import { TaskItem, TaskList } from "@tiptap/extension-list";
import { TableKit } from "@tiptap/extension-table";
import { CharacterCount, Placeholder } from "@tiptap/extensions";
import StarterKit from "@tiptap/starter-kit";
import { AiSuggestion } from "./ai-suggestion.ts";
import { Citation } from "./citation.ts";
import { type ImageUploads, nexdocsImage } from "./image.ts";
import { type EditMath, nexdocsMath } from "./math.ts";
import { OutlineState } from "./outline-state.ts";

/**
 * The editor's node types: the starter kit (headings, lists, quotes, code blocks, links, Markdown
 * shortcuts as input rules), tables, task lists, citation chips, images (uploaded with
 * `uploads`) and math (its TeX edited with `editMath`), and the outline kept as editor state — the same schema the server stores and
 * converts (nexdocs.markdown.ts).
 */
export function nexdocsExtensions(
  placeholder: string,
  uploads?: ImageUploads,
  editMath?: EditMath,
) {
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
    nexdocsImage(uploads),
    ...nexdocsMath(editMath),
    CharacterCount,
    OutlineState,
    Placeholder.configure({ placeholder }),
  ];
}
