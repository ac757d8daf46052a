import { citedFileId } from "@nexus/contracts";
import { useEffect, useState } from "react";
import { apiRequest } from "@/lib/api-client.ts";

/** A cited passage of one of the person's files, as an answer links it. */
export interface DocumentLink {
  /** The app path to navigate to (client-side: never a download). */
  path: string;
  fileId: string;
  /** The cited chunk (`?chunk=`), when the link names one. */
  ordinal: number | null;
}

/**
 * A source URL that opens a file in its document chat ("/app/document-chat/<id>?chunk=4",
 * "/app/pdf-chat/<id>/<thread>"): where it goes, else null (a web page, a download, a guide).
 */
export function documentLinkOf(url: string): DocumentLink | null {
  if (!/^\/app\/(?:document|pdf)-chat\//.test(url)) return null;
  const fileId = citedFileId(url);
  if (!fileId) return null;
  const chunk = /[?&]chunk=(\d{1,9})(?:[&#]|$)/.exec(url);
  return { path: url, fileId, ordinal: chunk?.[1] ? Number(chunk[1]) : null };
}

/** Passages fetched in this tab, by "fileId:ordinal" (a passage's text never changes). */
const passages = new Map<string, Promise<string | null>>();

function fetchPassage(fileId: string, ordinal: number): Promise<string | null> {
  const key = `${fileId}:${ordinal}`;
  let pending = passages.get(key);
  if (!pending) {
    pending = apiRequest<{ text?: string }>(
      `/documents/${encodeURIComponent(fileId)}/passages/${ordinal}`,
    ).then(
      (passage) => (typeof passage.text === "string" ? passage.text : null),
      () => {
        // Not found or unreachable: the preview keeps the source's own snippet; asked again later.
        passages.delete(key);
        return null;
      },
    );
    passages.set(key, pending);
  }
  return pending;
}

/**
 * GET /api/documents/:id/passages/:ordinal once `enabled` (a preview is open): the passage's
 * text, or null until it arrives (or when it cannot be had).
 */
export function usePassageText(link: DocumentLink | null, enabled: boolean): string | null {
  const fileId = link?.fileId ?? null;
  const ordinal = link?.ordinal ?? null;
  const [text, setText] = useState<{ key: string; text: string } | null>(null);
  const key = fileId !== null && ordinal !== null ? `${fileId}:${ordinal}` : null;
  useEffect(() => {
    if (!enabled || fileId === null || ordinal === null) return;
    let live = true;
    void fetchPassage(fileId, ordinal).then((found) => {
      if (live && found !== null) setText({ key: `${fileId}:${ordinal}`, text: found });
    });
    return () => {
      live = false;
    };
  }, [enabled, fileId, ordinal]);
  return text && text.key === key ? text.text : null;
}
