/**
 * The id of a heading in an article: GitHub-style, "Is Nexus free?" → "is-nexus-free".
 * Must equal the server's knowledge chunker (headingSlug in
 * apps/server/src/integrations/search/knowledge-chunker.ts): offline answers cite
 * `/blog/<slug>#<id>`, and those links must land on the heading (parity test beside this file).
 */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .trim()
    .replace(/\s+/g, "-");
}
