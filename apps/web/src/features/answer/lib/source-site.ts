import type { AnswerSource } from "@nexus/contracts";

/** The built-in knowledge base's passages link to its articles on this Nexus: "/blog/<slug>#…". */
export function isKnowledgeBaseSource(source: Pick<AnswerSource, "url">): boolean {
  return source.url.startsWith("/blog/");
}

/**
 * The site a source is shown under: its domain, or "Nexus guide" for the knowledge base (whose
 * domain is this server's own host name, e.g. "127.0.0.1", which tells a reader nothing).
 */
export function sourceSiteName(source: Pick<AnswerSource, "url" | "domain">): string {
  return isKnowledgeBaseSource(source) ? "Nexus guide" : source.domain;
}
