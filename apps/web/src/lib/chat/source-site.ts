import { type AnswerSource, citedFileId, nexdocsSectionOf } from "@nexus/contracts";
import { t } from "../i18n/i18n.ts";
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
 * tells a reader nothing), deleted or not, and "Author's files" for one on a share page; in the
 * interface's language.
 */
export function sourceSiteName(
  source: Pick<ShownSource, "url" | "domain" | "fileDeleted" | "filePrivate">,
): string {
  if (isKnowledgeBaseSource(source)) return t("chat.citation.guide");
  // A section of the NexDocs document its side chat is about.
  if (nexdocsSectionOf(source.url)) return t("chat.site.thisDocument");
  if (source.filePrivate) return t("chat.site.authorFiles");
  return isFileSource(source) ? t("chat.site.yourFiles") : source.domain;
}
