import { NEXDOCS_IMAGE_LIMITS } from "@nexus/contracts";
import type { Editor } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { Plugin, PluginKey } from "@tiptap/pm/state";

/** How the editor stores an image: the server's answer is its address inside the document. */
export interface ImageUploads {
  upload: (file: File) => Promise<{ src: string }>;
  /** Told when an upload is refused (too large, not an image) or fails. */
  onError: (message: string) => void;
  /** Told while an upload runs (true) and when it ends (false). */
  onBusy?: (busy: boolean) => void;
}

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    nexdocsImage: {
      /** Opens the file picker; the chosen image is uploaded and placed at the cursor. */
      pickImage: () => ReturnType;
    };
  }
}

/** Only images stored with a document are shown (a pasted or typed foreign address is not). */
const OWN_SRC = /^\/api\/nexdocs\/[0-9a-f-]{36}\/images\/[0-9a-f-]{36}$/i;

function imagesOf(files: FileList | null | undefined): File[] {
  return [...(files ?? [])].filter((file) => file.type.startsWith("image/"));
}

async function place(editor: Editor, uploads: ImageUploads, files: File[], at?: number) {
  for (const file of files) {
    if (file.size > NEXDOCS_IMAGE_LIMITS.bytes) {
      // Said before anything is sent (the server says the same of a larger body).
      uploads.onError(`${file.name}: ${NEXDOCS_IMAGE_LIMITS.bytes / 1024 / 1024} MB max.`);
      continue;
    }
    uploads.onBusy?.(true);
    try {
      const { src } = await uploads.upload(file);
      const content = { type: "image", attrs: { src, alt: file.name.replace(/\.[^.]+$/, "") } };
      if (at === undefined) editor.chain().focus().insertContent(content).run();
      else editor.chain().insertContentAt(at, content).focus().run();
    } catch (error) {
      uploads.onError(error instanceof Error ? error.message : String(error));
    } finally {
      uploads.onBusy?.(false);
    }
  }
}

/**
 * Images in a document (issue 40): uploaded from the file picker (toolbar, slash menu), pasted or
 * dropped; drawn as blocks that can be dragged to another place. Foreign addresses are never
 * loaded (no `![](…)` input rule, no pasted `<img>` of another origin); the server keeps only
 * its own image addresses too (nexdocs.markdown.ts cleanDoc).
 */
export function nexdocsImage(uploads: ImageUploads | undefined) {
  return Image.extend({
    addInputRules() {
      return [];
    },
    parseHTML() {
      return [
        {
          tag: "img[src]",
          getAttrs: (element) => (OWN_SRC.test(element.getAttribute("src") ?? "") ? {} : false),
        },
      ];
    },
    addCommands() {
      return {
        pickImage:
          () =>
          ({ editor }) => {
            if (!uploads || typeof document === "undefined") return false;
            const input = document.createElement("input");
            input.type = "file";
            input.accept = NEXDOCS_IMAGE_LIMITS.types.join(",");
            input.addEventListener(
              "change",
              () => void place(editor, uploads, imagesOf(input.files)),
            );
            input.click();
            return true;
          },
      };
    },
    addProseMirrorPlugins() {
      const editor = this.editor;
      if (!uploads) return [];
      return [
        new Plugin({
          key: new PluginKey("nexdocsImageUpload"),
          props: {
            handlePaste: (_view, event) => {
              const files = imagesOf(event.clipboardData?.files);
              if (files.length === 0) return false;
              event.preventDefault();
              void place(editor, uploads, files);
              return true;
            },
            handleDrop: (view, event, _slice, moved) => {
              // A dragged image of the document moves as ProseMirror moves it; files upload.
              if (moved) return false;
              const files = imagesOf(event.dataTransfer?.files);
              if (files.length === 0) return false;
              event.preventDefault();
              const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
              void place(editor, uploads, files, at);
              return true;
            },
          },
        }),
      ];
    },
  }).configure({ inline: false, allowBase64: false });
}
