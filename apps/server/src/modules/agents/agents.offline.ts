import type { SearchFilesToolOutput } from "@nexus/contracts";
import type { UIMessageChunk } from "ai";
import { type ChatTurn, runChat } from "../../ai/chat/run-chat.ts";
import type { ChatModel } from "../../ai/models.ts";
import { readUrl } from "../../ai/tools/read-url.ts";
import { searchFiles } from "../../ai/tools/search-files.ts";
import { type ToolContext, urlsIn } from "../../ai/tools/tool-context.ts";
import { webSearch } from "../../ai/tools/web-search.ts";
import { readPages } from "../../integrations/page-reader.ts";
import type { SearchResult } from "../../integrations/search/types.ts";
import { answerSystemPrompt } from "../answer/answer.chat.ts";

/**
 * An agent's reply without a model (agents.run.ts runs it when the server has the offline engine
 * only): the tool steps it takes itself, then the offline engine's answer from what they found.
 */

/** Pages the offline engine reads for one reply. */
const OFFLINE_PAGES = 3;

/**
 * Found passages as the answer prompt's numbered sources, source n at place n (passages of one
 * page share its number, so their texts are joined).
 */
function numberedPassages(
  results: SearchFilesToolOutput["results"],
): Array<{ title: string; url: string; content: string }> {
  const byNumber: Array<{ title: string; url: string; content: string }> = [];
  for (const r of results) {
    if (r.n === null) continue;
    const known = byNumber[r.n - 1];
    if (known) known.content = `${known.content}\n\n${r.text}`;
    else byNumber[r.n - 1] = { title: r.title, url: r.url, content: r.text };
  }
  return Array.from(byNumber, (s) => s ?? { title: "", url: "", content: "" });
}

/**
 * Without a model, an agent that answers from sources (needsModel: false) still answers: it reads
 * the addresses in the message (or searches the web for it), then the offline engine quotes the
 * passages that answer, with their numbers. The tool steps are shown as tool parts, as a model's
 * would be.
 */
export async function offlineReply(options: {
  ctx: ToolContext;
  model: ChatModel;
  message: string;
  write: (chunk: UIMessageChunk) => void;
  turn: ChatTurn;
}): Promise<void> {
  const { ctx, model, message, write, turn } = options;
  let calls = 0;
  const step = async <T>(
    toolName: string,
    input: Record<string, unknown>,
    run: () => Promise<T>,
  ): Promise<T | null> => {
    const toolCallId = `offline-${++calls}`;
    const emit = (chunk: UIMessageChunk) => {
      turn.record(chunk);
      write(chunk);
    };
    emit({ type: "tool-input-available", toolCallId, toolName, input });
    try {
      const output = await run();
      emit({ type: "tool-output-available", toolCallId, output });
      return output;
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      emit({ type: "tool-output-error", toolCallId, errorText: (error as Error).message });
      return null;
    }
  };
  if (ctx.knowledge) {
    // A custom agent with knowledge files answers from them alone.
    const found = await step("search-files", { query: message }, () => searchFiles(ctx, message));
    await runChat({
      model: model.model,
      system: answerSystemPrompt({
        focusMode: "local",
        attached: true,
        now: ctx.deps.clock.now(),
        sources: numberedPassages(found?.results ?? []),
      }),
      messages: [{ role: "user", content: message }],
      write,
      turn,
      signal: ctx.signal,
    });
    return;
  }
  const sources: SearchResult[] = [];
  const urls = urlsIn(message).slice(0, OFFLINE_PAGES);
  if (urls.length > 0) {
    for (const url of urls) {
      const page = await step("read-url", { url }, () => readUrl(ctx, url));
      if (page)
        sources.push({
          title: page.title,
          url,
          snippet: "",
          content: page.text,
          source: "web",
        });
    }
  } else {
    const found = await step("web-search", { query: message }, () => webSearch(ctx, message));
    const results = (found?.results ?? []).map(
      (r): SearchResult => ({ title: r.title, url: r.url, snippet: r.snippet, source: "web" }),
    );
    const read = await readPages({
      fetchPage: ctx.deps.webFetch.fetchPage,
      results,
      signal: ctx.signal,
      limits: { pages: OFFLINE_PAGES },
    });
    sources.push(...read);
    // The pages read are what the engine quotes: its citations are checked against them.
    for (const [i, r] of read.entries()) {
      const n = found?.results[i]?.n;
      if (n && r.content) turn.sourceText(n, r.content);
    }
  }
  // The engine quotes from the answer prompt's numbered sources, in the SourceBook's order.
  await runChat({
    model: model.model,
    system: answerSystemPrompt({
      focusMode: "web",
      now: ctx.deps.clock.now(),
      sources: sources.map((s) => ({
        title: s.title,
        url: s.url,
        content: s.content ?? s.snippet,
      })),
    }),
    messages: [{ role: "user", content: message }],
    write,
    turn,
    signal: ctx.signal,
  });
}
