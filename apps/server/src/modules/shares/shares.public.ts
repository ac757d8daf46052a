import {
  type AnswerSource,
  citedFileId,
  isThreadShareId,
  MESSAGES,
  RESEARCH_CITATIONS_PART,
  type SharedParts,
} from "@nexus/contracts";
import { AppError } from "../../lib/errors.ts";

/** Headers of every public share response (found or not): G5. */
export const PUBLIC_SHARE_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** The one not-found answer for a share id: unknown, revoked, deleted and malformed alike. */
export function noSuchShare(shareId: string): AppError {
  const message = isThreadShareId(shareId) ? MESSAGES.noSuchThreadShare : MESSAGES.noSuchShare;
  return new AppError("not_found", message, { headers: PUBLIC_SHARE_HEADERS });
}

/**
 * A share as its reader sees it, nothing more (applied on every read, so snapshots made before
 * are covered too): the author's files are named and quoted but never identified — no file id,
 * no link to a file, its viewer or its download — and a research lists only the files it read
 * (a file found but never read is not named).
 */

/** An address that identifies a file of the author (viewer, download, inline view). */
const FILE_ADDRESS = /^\/(?:app\/(?:document-chat|pdf-chat)|api\/files)\/[^/?#]+/i;

/** A source of the author's files: its title and snippet, no link (as in a copied thread). */
export function publicSource(source: AnswerSource): AnswerSource {
  return citedFileId(source.url) || FILE_ADDRESS.test(source.url)
    ? { ...source, url: "", private: true }
    : source;
}

/** Any JSON with file ids and file addresses blanked (`fileId` "", `fileIds` []). */
function withoutFileIds(value: unknown): unknown {
  if (typeof value === "string") return FILE_ADDRESS.test(value) ? "" : value;
  if (Array.isArray(value)) return value.map(withoutFileIds);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === "fileId") out[key] = item === null ? null : "";
    else if (key === "fileIds") out[key] = [];
    else out[key] = withoutFileIds(item);
  }
  return out;
}

interface ResearchSourceLike {
  kind?: unknown;
  status?: unknown;
}

/** A research citations part with only the files it read (web pages and guides as they were). */
function readFilesOnly(part: Record<string, unknown>): Record<string, unknown> {
  const data = part.data as { sources?: unknown } | undefined;
  if (!data || !Array.isArray(data.sources)) return part;
  const sources = (data.sources as ResearchSourceLike[]).filter(
    (s) => s.kind !== "file" || s.status === "read",
  );
  return { ...part, data: { ...data, sources } };
}

/** A reply's parts as a reader gets them. */
export function publicParts(parts: SharedParts): SharedParts {
  return parts.map((part) => {
    const kept = part.type === RESEARCH_CITATIONS_PART ? readFilesOnly(part) : part;
    return withoutFileIds(kept) as SharedParts[number];
  });
}
