import { type AnswerSource, citedFileId, nexdocsSectionOf } from "@nexus/contracts";
import { isUnlinkedFile, type ShownSource } from "./file-sources.ts";

/** The built-in knowledge base's passages link to its articles on this Nexus: "/blog/<slug>#…". */
export function isKnowledgeBaseSource(source: Pick<AnswerSource, "url">): boolean {
  return source.url.startsWith("/blog/");
}

/** A passage of one of the person's files (Local focus): its link is the file's download. */
export function isFileSource(
  source: Pick<ShownSource, "url" | "fileDeleted" | "filePrivate">,
): boolean {
  return isUnlinkedFile(source) || citedFileId(source.url) !== null;
}

/**
 * The site a source is shown under: its domain, "Nexus guide" for the knowledge base, "Your files"
 * for a file of the person (whose domain is this server's own host name, e.g. "127.0.0.1", which
 * tells a reader nothing), deleted or not, and "Author's files" for one on a share page.
 */
export function sourceSiteName(
  source: Pick<ShownSource, "url" | "domain" | "fileDeleted" | "filePrivate">,
): string {
  if (isKnowledgeBaseSource(source)) return "Nexus guide";
  // A section of the NexDocs document its side chat is about.
  if (nexdocsSectionOf(source.url)) return "This document";
  if (source.filePrivate) return "Author's files";
  return isFileSource(source) ? "Your files" : source.domain;
}
