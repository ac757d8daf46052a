import { useCallback, useEffect, useState } from "react";

/** Several flavours of one thing: rich editors take the HTML, everything else the plain text. */
export interface ClipboardContent {
  plain: string;
  html?: string;
  /** Offered as "web text/markdown" where the browser supports custom formats. */
  markdown?: string;
}

async function writeRich(content: ClipboardContent): Promise<void> {
  const clipboard = navigator.clipboard;
  if (content.html === undefined || typeof ClipboardItem === "undefined" || !clipboard.write) {
    await clipboard.writeText(content.plain);
    return;
  }
  const blob = (text: string, type: string) => new Blob([text], { type });
  const items: Record<string, Blob> = {
    "text/plain": blob(content.plain, "text/plain"),
    "text/html": blob(content.html, "text/html"),
  };
  if (content.markdown !== undefined && ClipboardItem.supports?.("web text/markdown"))
    items["web text/markdown"] = blob(content.markdown, "text/markdown");
  try {
    await clipboard.write([new ClipboardItem(items)]);
  } catch {
    // A browser that refuses rich content (or one of its types) still gets the plain text.
    await clipboard.writeText(content.plain);
  }
}

/**
 * Copies text (or text with HTML and Markdown flavours) to the clipboard; `copied` stays true for
 * `resetMs` so the button can say so. `copy` resolves false when the browser refuses (no
 * permission, insecure origin, no clipboard).
 */
export function useCopyToClipboard(resetMs = 2000): {
  copied: boolean;
  copy: (content: string | ClipboardContent) => Promise<boolean>;
} {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), resetMs);
    return () => window.clearTimeout(timer);
  }, [copied, resetMs]);
  const copy = useCallback(async (content: string | ClipboardContent) => {
    try {
      if (!navigator.clipboard) return false;
      if (typeof content === "string") await navigator.clipboard.writeText(content);
      else await writeRich(content);
      setCopied(true);
      return true;
    } catch {
      setCopied(false);
      return false;
    }
  }, []);
  return { copied, copy };
}
