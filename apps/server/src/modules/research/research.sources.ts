import { RESEARCH_EVENTS, type ResearchSource } from "@nexus/contracts";
import type { Caller, Deps } from "../../deps.ts";
import { PageTextError, readPageText } from "../../integrations/page-text/page-text-pool.ts";
import { createFilesCorpus } from "../../integrations/search/files-corpus.ts";
import { createLocalSearch, namesProduct } from "../../integrations/search/local.ts";
import type { SearchResult } from "../../integrations/search/types.ts";
import { WebFetchError } from "../../integrations/web-fetch-error.ts";
import { pageTexts, savePages } from "./research.repo.ts";
import { budgetOf, type ResearchState, type StepContext } from "./research.state.ts";

/** Search results kept per sub-question (the best `pagesPerQuestion` of them are read). */
export const RESULTS_PER_QUESTION = 8;
/** Characters of a page's text that are kept (research_pages) and quoted from. */
export const PAGE_CHARS = 20_000;
/** Pages fetched at once. */
export const READ_CONCURRENCY = 3;
const PAGE_TIMEOUT_MS = 15_000;
const PAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * What a sub-question finds: the configured provider (web; with none configured it is the local
 * knowledge base and the person's files), the person's own ready files (with the knowledge base
 * for a research about the product: its help guides), or both, merged in rank
 * order and deduplicated by URL.
 */
export async function searchSources(options: {
  deps: Deps;
  caller: Caller;
  sources: ResearchState["sources"];
  query: string;
  /** The research's question (a sub-question about the product may not name it). */
  topic: string;
  signal: AbortSignal;
}): Promise<SearchResult[]> {
  const { deps, caller, sources, query, signal } = options;
  const userId = caller.user?.id;
  const lists: Promise<SearchResult[]>[] = [];
  if (sources !== "files")
    lists.push(
      deps.search
        .search({ query, signal, ...(userId ? { userId } : {}) })
        .then((response) => response.results),
    );
  if (sources !== "web" && userId) {
    const files = createFilesCorpus({ db: deps.db, embedder: deps.models.embedder });
    const aboutNexus = namesProduct(query) || namesProduct(options.topic);
    const local = createLocalSearch({
      db: deps.db,
      corpora: [files],
      knowledge: aboutNexus,
    });
    lists.push(local.search({ query, signal, userId }).then((response) => response.results));
  }
  const found = await Promise.all(lists);
  // Interleaved, so "both" reads the best of each.
  const merged: SearchResult[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < Math.max(0, ...found.map((list) => list.length)); i++)
    for (const list of found) {
      const result = list[i];
      if (!result || seen.has(result.url) || !/^(https?:\/\/|\/)/.test(result.url)) continue;
      seen.add(result.url);
      merged.push(result);
    }
  return merged;
}

const FILE_LINK = /^\/app\/(?:document-chat|pdf-chat)\/([^/?#]+)/;

/** The file a file source's viewer link opens (null for any other source). */
export function fileIdOf(url: string): string | null {
  const id = FILE_LINK.exec(url)?.[1];
  return id ? decodeURIComponent(id) : null;
}

/** The page of a file passage's link (`page=`), or null. */
export function pageOf(url: string): number | null {
  const page = /[?&]page=(\d+)/.exec(url)?.[1];
  return page ? Number(page) : null;
}

/** The search step's work: new sources for the question (numbered on), passage text kept. */
export async function searchQuestion(
  ctx: StepContext,
  state: ResearchState,
  questionId: number,
): Promise<{ state: ResearchState; detail: string }> {
  const question = state.questions.find((q) => q.id === questionId);
  if (!question) throw new Error(`no question ${questionId}`);
  const results = await searchSources({
    deps: ctx.deps,
    caller: ctx.caller,
    sources: state.sources,
    query: question.text,
    topic: state.question,
    signal: ctx.signal,
  });
  const known = new Map(state.found.map((s) => [s.url, s.id]));
  const fresh = results.filter((r) => !known.has(r.url)).slice(0, RESULTS_PER_QUESTION);
  const again = results.flatMap((r) => {
    const id = known.get(r.url);
    return id === undefined ? [] : [id];
  });
  const added = fresh.map(
    (r, i): ResearchSource => ({
      id: state.found.length + 1 + i,
      kind: r.source,
      url: r.url,
      title: (r.title || r.url).slice(0, 300),
      fileId: r.source === "file" ? fileIdOf(r.url) : null,
      question: questionId,
      status: "found",
      reason: null,
    }),
  );
  // Files and help passages already carry their text: kept now, read by the read step.
  await savePages(
    ctx.deps.db,
    ctx.runId,
    fresh.flatMap((r, i) => {
      const id = added[i]?.id;
      return r.source !== "web" && r.content && id
        ? [{ sourceId: id, text: r.content.slice(0, PAGE_CHARS) }]
        : [];
    }),
  );
  if (added.length > 0) await ctx.emit(RESEARCH_EVENTS.sources, { sources: added });
  const next: ResearchState = {
    ...state,
    found: [...state.found, ...added],
    stage: { ...state.stage, [String(questionId)]: "searched" },
    ...(again.length > 0
      ? {
          related: { ...state.related, [String(questionId)]: again.slice(0, RESULTS_PER_QUESTION) },
        }
      : {}),
  };
  const count = added.length + again.length;
  return { state: next, detail: `${count} result${count === 1 ? "" : "s"}` };
}

function failureReason(error: unknown): string {
  if (error instanceof WebFetchError || error instanceof PageTextError) return error.message;
  return "The page could not be read.";
}

/** One web page's readable text (an Error whose message is the reason when there is none). */
async function readWebPage(deps: Deps, url: string, signal: AbortSignal): Promise<string> {
  const page = await deps.webFetch.fetchPage({
    url,
    signal,
    timeoutMs: PAGE_TIMEOUT_MS,
    maxBytes: PAGE_MAX_BYTES,
  });
  if (page.status < 200 || page.status >= 300) throw new Error("The page answered with an error.");
  const type = page.contentType.toLowerCase();
  if (!type.includes("html") && !type.startsWith("text/plain"))
    throw new Error("The page is not text.");
  const { text } = await readPageText(
    { html: page.body.toString("utf8"), contentType: type, maxChars: PAGE_CHARS },
    { signal },
  );
  if (!text) throw new Error("The page has no readable text.");
  return text;
}

type ReadOutcome = { id: number; text: string } | { id: number; reason: string };

/**
 * The read step's work: the question's best unread sources (pagesPerQuestion, within the run's
 * pages; its own, then those of its results an earlier question found and left unread), web pages fetched READ_CONCURRENCY at a time through web-fetch (SSRF-safe), files and
 * help passages from the text the search kept. Nothing more is fetched once `ctx.signal` aborts.
 */
export async function readQuestion(
  ctx: StepContext,
  state: ResearchState,
  questionId: number,
): Promise<{ state: ResearchState; detail: string }> {
  const budget = budgetOf(state);
  const room = Math.max(0, Math.min(budget.pagesPerQuestion, budget.pages - state.spent.pages));
  // Its own results first, then ones an earlier question found but did not read.
  const again = new Set(state.related?.[String(questionId)] ?? []);
  const toRead = [
    ...state.found.filter((s) => s.question === questionId && s.status === "found"),
    ...state.found.filter(
      (s) => s.question !== questionId && s.status === "found" && again.has(s.id),
    ),
  ].slice(0, room);
  const storedTexts = await pageTexts(
    ctx.deps.db,
    ctx.runId,
    toRead.filter((s) => s.kind !== "web").map((s) => s.id),
  );
  const outcomes: ReadOutcome[] = [];
  const queue = [...toRead];
  const worker = async () => {
    for (let source = queue.shift(); source; source = queue.shift()) {
      if (ctx.signal.aborted) return;
      if (source.kind !== "web") {
        const text = storedTexts.get(source.id);
        outcomes.push(
          text ? { id: source.id, text } : { id: source.id, reason: "The passage has no text." },
        );
        continue;
      }
      try {
        outcomes.push({
          id: source.id,
          text: await readWebPage(ctx.deps, source.url, ctx.signal),
        });
      } catch (error) {
        if (ctx.signal.aborted) return;
        outcomes.push({ id: source.id, reason: failureReason(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
  if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error("cancelled");
  const read = outcomes.filter((o): o is { id: number; text: string } => "text" in o);
  await savePages(
    ctx.deps.db,
    ctx.runId,
    read.map((o) => ({ sourceId: o.id, text: o.text })),
  );
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  const changed: ResearchSource[] = [];
  const found = state.found.map((source) => {
    const outcome = byId.get(source.id);
    if (!outcome) return source;
    const next: ResearchSource =
      "text" in outcome
        ? { ...source, status: "read", reason: null }
        : { ...source, status: "failed", reason: outcome.reason };
    changed.push(next);
    return next;
  });
  if (changed.length > 0) await ctx.emit(RESEARCH_EVENTS.sources, { sources: changed });
  const failed = outcomes.length - read.length;
  const next: ResearchState = {
    ...state,
    found,
    stage: { ...state.stage, [String(questionId)]: "read" },
    spent: { ...state.spent, pages: state.spent.pages + outcomes.length },
  };
  const pages = `${read.length} page${read.length === 1 ? "" : "s"} read`;
  return { state: next, detail: failed > 0 ? `${pages}, ${failed} failed` : pages };
}
