/** One question of the FAQ (content/faq.md: each `##` heading is a question). */
export interface FaqItem {
  /** The heading's id, as the knowledge base cites it: /faq#<id>. */
  id: string;
  question: string;
  /** The answer, pre-rendered to safe HTML at build time. */
  html: string;
  /** The answer as plain text, for searching. */
  text: string;
}

/** The words of a query, lower-cased, without empty ones. */
export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Items whose question or answer contains every word of the query (case-insensitive). */
export function filterFaq<T extends Pick<FaqItem, "question" | "text">>(
  items: readonly T[],
  query: string,
): T[] {
  const words = queryWords(query);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = `${item.question}\n${item.text}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** `text` cut into plain and matching parts, for highlighting the query's words. */
export function highlightParts(
  text: string,
  query: string,
): Array<{ text: string; match: boolean }> {
  const words = queryWords(query).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (words.length === 0) return [{ text, match: false }];
  // Splitting on a capturing group alternates: plain, match, plain, match, …
  return text
    .split(new RegExp(`(${words.join("|")})`, "gi"))
    .map((part, i) => ({ text: part, match: i % 2 === 1 }))
    .filter((part) => part.text !== "");
}
