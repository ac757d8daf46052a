import type { AnswerSource } from "@nexus/contracts";

/** The built-in knowledge base's passages link to its articles on this Nexus: "/blog/<slug>#…". */
export function isKnowledgeBaseSource(source: Pick<AnswerSource, "url">): boolean {
  return source.url.startsWith("/blog/");
}

/** A passage of one of the person's own files: "/api/files/<id>/download#page=N". */
export function isFileSource(source: Pick<AnswerSource, "url">): boolean {
  return source.url.startsWith("/api/files/");
}

/**
 * The site a source is shown under: its domain, "Nexus guide" for the knowledge base and "Your
 * files" for the person's files (both have this server's own host name as their domain, e.g.
 * "127.0.0.1", which tells a reader nothing).
 */
export function sourceSiteName(source: Pick<AnswerSource, "url" | "domain">): string {
  if (isKnowledgeBaseSource(source)) return "Nexus guide";
  return isFileSource(source) ? "Your files" : source.domain;
}
