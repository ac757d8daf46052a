import { useCallback, useEffect, useState } from "react";

/**
 * Copies text to the clipboard; `copied` stays true for `resetMs` so the button can say so.
 * `copy` resolves false when the browser refuses (no permission, insecure origin, no clipboard).
 */
export function useCopyToClipboard(resetMs = 2000): {
  copied: boolean;
  copy: (text: string) => Promise<boolean>;
} {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), resetMs);
    return () => window.clearTimeout(timer);
  }, [copied, resetMs]);
  const copy = useCallback(async (text: string) => {
    try {
      if (!navigator.clipboard) return false;
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      setCopied(false);
      return false;
    }
  }, []);
  return { copied, copy };
}
