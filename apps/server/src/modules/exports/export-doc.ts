import {
  answerDataPartSchemas,
  citationChecksSchema,
  citationRuns,
  documentCitationSchema,
  type ExportWords,
  researchCitationsPartSchema,
  type StoredPart,
  type ThreadResponse,
  type UiLanguage,
} from "@nexus/contracts";

/**
 * A thread as an export writes it, whatever its kind: its turns (question, the reply's text with
 * its citations as footnote references `[^n]`, its sources numbered through the whole thread, each
 * with its checked mark). Built from the thread API's UI messages (GET /api/threads/:id) by the
 * parts they carry — `data-sources` / `source-url` (answers, agents, document chat),
 * `data-research-citations` (a research report), `data-citation-checks` and `data-citations`
 * (the marks) — never by the thread's kind.
 */
export interface ExportSource {
  /** Its footnote number, counted through the whole thread. */
  n: number;
  title: string;
  /** An absolute http(s) address (an app link made absolute), or null (a private file). */
  url: string | null;
  /** A PDF page, a quote: what else names the passage. */
  detail: string | null;
  /** The cited page of a file, when the citation names one (NexDocs' citation chips keep it). */
  page?: number | null;
  /** Its citations' checked mark (null: never checked). */
  mark: string | null;
  /** Cited sentences its source did not support (at most three). */
  unsupported: string[];
  cited: boolean;
}

export interface ExportTurn {
  question: string;
  /** The reply's markdown, citations as `[^n]`. */
  answer: string;
  sources: ExportSource[];
  images: { title: string; url: string }[];
}

export interface ExportDoc {
  title: string;
  /** "Answer", "Agent · Quick Answer"… */
  about: string;
  createdAt: string | null;
  updatedAt: string | null;
  turns: ExportTurn[];
  /** The language of the words the export writes around the thread (export-words.ts). */
  language: UiLanguage;
  words: ExportWords;
}

function dataOf(parts: readonly StoredPart[], type: string): unknown {
  return parts.find((p) => p.type === type)?.data;
}

/** An address an export can link: http(s) as it is, an app path made absolute; else null. */
export function absoluteUrl(url: string, baseUrl: string): string | null {
  try {
    const resolved = new URL(url, `${baseUrl}/`);
    return resolved.protocol === "http:" || resolved.protocol === "https:" ? resolved.href : null;
  } catch {
    return null;
  }
}

interface RawSource {
  title: string;
  url: string | null;
  detail: string | null;
  page?: number | null;
  checks: { verified: boolean; sentence: string }[];
}

const cut = (text: string, chars: number) =>
  text.length <= chars ? text : `${text.slice(0, chars - 1)}…`;

/** A reply's sources by their number n (`[n]` of its text) and the marks of their citations. */
function sourcesOf(
  parts: readonly StoredPart[],
  baseUrl: string,
  words: ExportWords,
): Map<number, RawSource> {
  const out = new Map<number, RawSource>();
  // Saved parts are read as their schemas say (an older or damaged part is left out, never a 500).
  const research = researchCitationsPartSchema.safeParse(
    dataOf(parts, "data-research-citations"),
  ).data;
  if (research) {
    // A report cites its notes: [n] is note n, its source and the words that support it.
    for (const { note, source } of research.citations) {
      const page = note.page ? words.page(note.page) : null;
      out.set(note.id, {
        title: source.title,
        url: source.fileId ? null : absoluteUrl(source.url, baseUrl),
        detail:
          [page, note.quote ? `“${cut(note.quote, 300)}”` : null].filter(Boolean).join(" · ") ||
          null,
        page: note.page ?? null,
        checks: [{ verified: note.check !== "unverified", sentence: note.text }],
      });
    }
    return out;
  }
  const listed = answerDataPartSchemas.sources.safeParse(dataOf(parts, "data-sources")).data;
  if (listed) {
    listed.forEach((s, i) => {
      out.set(i + 1, {
        title: s.title,
        url: s.private ? null : absoluteUrl(s.url, baseUrl),
        detail: null,
        checks: [],
      });
    });
  } else {
    for (const p of parts) {
      if (p.type !== "source-url" || typeof p.sourceId !== "string") continue;
      const n = Number(p.sourceId);
      if (!Number.isInteger(n) || n < 1 || typeof p.url !== "string") continue;
      const title = typeof p.title === "string" && p.title !== "" ? p.title : p.url;
      out.set(n, { title, url: absoluteUrl(p.url, baseUrl), detail: null, checks: [] });
    }
  }
  const checks = citationChecksSchema.safeParse(dataOf(parts, "data-citation-checks")).data;
  if (checks)
    for (const c of checks)
      out.get(c.source)?.checks.push({ verified: c.verified, sentence: c.sentence });
  const cited = documentCitationSchema.array().safeParse(dataOf(parts, "data-citations")).data;
  if (cited)
    for (const c of cited)
      out.get(c.source)?.checks.push({ verified: c.verified, sentence: c.quote ?? c.label });
  return out;
}

function markOf(checks: RawSource["checks"], words: ExportWords): string | null {
  if (checks.length === 0) return null;
  const verified = checks.filter((c) => c.verified).length;
  if (verified === checks.length) return words.verified;
  if (verified === 0) return words.unverified;
  return words.someVerified(verified, checks.length);
}

/** The text with each citation group as footnote references (code spans and blocks left alone). */
function withFootnotes(text: string, count: number, number: (n: number) => number | undefined) {
  const runs = citationRuns(text, count);
  const groups = new Map<number, { end: number; refs: number[] }>();
  for (const r of runs) {
    const n = number(r.source);
    if (n === undefined) continue;
    const group = groups.get(r.index) ?? { end: r.end, refs: [] };
    if (!group.refs.includes(n)) group.refs.push(n);
    groups.set(r.index, group);
  }
  let out = "";
  let at = 0;
  for (const [index, { end, refs }] of [...groups].sort((a, b) => a[0] - b[0])) {
    out += text.slice(at, index) + refs.map((n) => `[^${n}]`).join("");
    at = end;
  }
  return out + text.slice(at);
}

function textOf(parts: readonly StoredPart[]): string {
  return parts
    .filter((p) => p.type === "text" && typeof p.text === "string")
    .map((p) => String(p.text))
    .join("\n\n")
    .trim();
}

function imagesOf(parts: readonly StoredPart[], baseUrl: string): ExportTurn["images"] {
  const images = answerDataPartSchemas.images.safeParse(dataOf(parts, "data-images")).data ?? [];
  return images.flatMap((image) => {
    const url = absoluteUrl(image.pageUrl ?? image.url, baseUrl);
    return url ? [{ title: image.title || url, url }] : [];
  });
}

/** The thread's turns: each question with the reply that follows it. */
export function exportTurns(
  messages: ThreadResponse["messages"],
  baseUrl: string,
  words: ExportWords,
): ExportTurn[] {
  const turns: ExportTurn[] = [];
  let next = 1;
  for (const message of messages) {
    if (message.role === "user") {
      turns.push({ question: textOf(message.parts), answer: "", sources: [], images: [] });
      continue;
    }
    const last = turns[turns.length - 1];
    // A reply answers the question before it; a reply with none before it is a turn of its own.
    let turn: ExportTurn;
    if (last && last.answer === "" && last.sources.length === 0) turn = last;
    else {
      turn = { question: "", answer: "", sources: [], images: [] };
      turns.push(turn);
    }
    const raw = sourcesOf(message.parts, baseUrl, words);
    const numbers = new Map<number, number>();
    for (const n of [...raw.keys()].sort((a, b) => a - b)) numbers.set(n, next++);
    const text = textOf(message.parts);
    const count = Math.max(0, ...raw.keys());
    turn.answer = withFootnotes(text, count, (n) => numbers.get(n));
    const cited = new Set(citationRuns(text, count).map((r) => r.source));
    turn.sources = [...raw].map(([n, s]) => ({
      n: numbers.get(n) ?? 0,
      title: s.title,
      url: s.url,
      detail: s.detail,
      page: s.page ?? null,
      mark: markOf(s.checks, words),
      unsupported: s.checks
        .filter((c) => !c.verified)
        .slice(0, 3)
        .map((c) => cut(c.sentence, 200)),
      cited: cited.has(n),
    }));
    turn.sources.sort((a, b) => a.n - b.n);
    turn.images = imagesOf(message.parts, baseUrl);
  }
  return turns;
}
