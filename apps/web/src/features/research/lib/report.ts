import type {
  ResearchBudget,
  ResearchCitation,
  ResearchCitationsPart,
  ResearchSource,
  ResearchSpent,
} from "@nexus/contracts";
import { intlLocale, t } from "@/lib/i18n/i18n.ts";

/** Citations by the note id the report cites (`[noteId]`). */
export function citationsByNote(
  part: ResearchCitationsPart | null,
): ReadonlyMap<number, ResearchCitation> {
  return new Map((part?.citations ?? []).map((citation) => [citation.note.id, citation]));
}

/** A quote that was found in the text that was read (any check but "unverified"). */
export function isVerified(citation: ResearchCitation): boolean {
  return citation.note.check !== "unverified";
}

/** Sources in id order, the read ones first (read, then found, then failed). */
export function splitSources(sources: readonly ResearchSource[]): {
  read: ResearchSource[];
  found: ResearchSource[];
} {
  const sorted = [...sources].sort((a, b) => a.id - b.id);
  return {
    read: sorted.filter((source) => source.status === "read"),
    found: sorted.filter((source) => source.status !== "read"),
  };
}

/**
 * The report as a Markdown file: the question as its title, the report with each `[noteId]`
 * written `[n]` (n = its source's number), then the sources (read, then only found) and the quotes.
 */
export function reportMarkdown(options: {
  question: string;
  report: string;
  citations: ResearchCitationsPart | null;
  date: string;
}): string {
  const byNote = citationsByNote(options.citations);
  const body = options.report.replace(/\[(\d+)\]/g, (whole, id: string) => {
    const citation = byNote.get(Number(id));
    return citation ? `[${citation.source.id}]` : whole;
  });
  const { read, found } = splitSources(options.citations?.sources ?? []);
  const line = (source: ResearchSource) =>
    `${source.id}. [${source.title.replace(/[[\]]/g, "")}](${source.url})${
      source.status === "failed"
        ? ` (${source.reason ? t("research.md.notReadBecause", { reason: source.reason }) : t("research.md.notRead")})`
        : ""
    }`;
  // The file's own words in the person's language (the report and the sources' titles as they are).
  const parts = [
    `# ${options.question}`,
    `_${t("research.md.subtitle", { date: options.date })}_`,
    body.trim(),
  ];
  if (read.length > 0)
    parts.push(`## ${t("research.md.sourcesRead")}\n\n${read.map(line).join("\n")}`);
  if (found.length > 0)
    parts.push(`## ${t("research.md.sourcesFound")}\n\n${found.map(line).join("\n")}`);
  const quotes = [...byNote.values()].map(
    (c) =>
      `- [${c.source.id}] ${t("chat.quoted", { text: c.note.quote })}${isVerified(c) ? "" : ` (${t("research.md.unverified")})`}`,
  );
  if (quotes.length > 0) parts.push(`## ${t("research.md.quotes")}\n\n${quotes.join("\n")}`);
  return `${parts.join("\n\n")}\n`;
}

/** A file name for the export ("solar-panel-recycling.md"). */
export function reportFileName(question: string): string {
  const slug = question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 60)
    .replace(/^-+|-+$/g, "");
  return `${slug || "research"}.md`;
}

/** How far the run is through its budget (0–1): the most spent of steps, pages, tokens and time. */
export function budgetRatio(spent: ResearchSpent | null, budget: ResearchBudget): number {
  if (!spent) return 0;
  const ratios = [
    spent.steps / budget.steps,
    spent.pages / budget.pages,
    spent.tokens / budget.tokens,
    spent.elapsedMs / budget.wallMs,
  ].filter((ratio) => Number.isFinite(ratio));
  return Math.min(1, Math.max(0, ...ratios));
}

/**
 * "2 min 05 s" in the interface's language: each unit by `Intl.NumberFormat` (style "unit"), the
 * two joined as that language lists units (`Intl.ListFormat`, type "unit"). Not
 * `Intl.DurationFormat`: Node 20 (the tests, the prerender) has none, and one formatter in some
 * engines and another in others would say the same time two ways. `locale`: the interface's.
 */
export function formatElapsed(ms: number, locale: string | undefined = intlLocale()): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const unit = (name: "minute" | "second", value: number, digits = 1) =>
    new Intl.NumberFormat(locale, {
      style: "unit",
      unit: name,
      unitDisplay: "short",
      minimumIntegerDigits: digits,
    }).format(value);
  if (minutes === 0) return unit("second", rest);
  return new Intl.ListFormat(locale, { type: "unit", style: "narrow" }).format([
    unit("minute", minutes),
    unit("second", rest, 2),
  ]);
}

/** "12.3k", "950". */
export function formatCount(n: number): string {
  return n >= 1000 ? `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : String(n);
}
