import { reportToc } from "@nexus/contracts";
import type { Context } from "hono";
import type { AppEnv, Deps, SessionUser } from "./deps.ts";
import { AppError } from "./lib/errors.ts";
import * as research from "./modules/research/research.service.ts";
import * as threads from "./modules/threads/threads.service.ts";
import type { FirstViewValues } from "./static.ts";

/** `/app/agents/deepresearch/<threadId>`: one research (apps/web/src/config/paths.ts). */
const RESEARCH_PAGE = /^\/app\/agents\/deepresearch\/([^/]+)\/?$/;

/** A research thread's id from its page's path (not the results list's, not a malformed one). */
function researchThreadId(pathname: string): string | null {
  const segment = RESEARCH_PAGE.exec(pathname)?.[1];
  if (segment === undefined) return null;
  try {
    const threadId = decodeURIComponent(segment);
    return threadId === "results" || threadId === "" ? null : threadId;
  } catch {
    return null;
  }
}

/** The text parts' text, joined (as the report screen reads its report). */
const textOf = (parts: readonly { type: string; text?: unknown }[]) =>
  parts.map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : ""));

/**
 * A finished research's first view (apps/web/src/features/research/components/
 * research-first-view.tsx): whether it ran offline (the research module's service), its question
 * and its report's text as GET /api/threads/:id reads them (the threads module's), and its
 * contents (its headings). Only the owner's own research that succeeded with a report: one still
 * running, failed or cancelled, another user's or a missing one gives nothing (the page shows its
 * loading frame).
 */
export async function researchFirstView(
  deps: Deps,
  c: Context<AppEnv>,
  user: SessionUser,
  pathname: string,
): Promise<FirstViewValues> {
  const threadId = researchThreadId(pathname);
  if (threadId === null) return {};
  try {
    const item = await research.get(deps, user, threadId);
    if (item.status !== "succeeded") return {};
    const [question, reply] = (await threads.thread({ deps, user, threadId })).messages;
    if (!question || reply?.role !== "assistant") return {};
    const report = textOf(reply.parts).join("");
    if (report.trim() === "") return {};
    const values: FirstViewValues = { question: textOf(question.parts).join(""), report };
    if (item.offline) values.reportOffline = "1";
    // Its contents, as the screen lists them: two headings or more.
    const contents = reportToc(report);
    if (contents.length > 1) values.reportContents = contents.map((entry) => entry.text);
    return values;
  } catch (error) {
    // Not found (or not theirs): the page shows its loading frame, and the app says so.
    if (!(error instanceof AppError))
      deps.logger.warn({ rid: c.get("requestId"), err: error }, "first view: research not read");
    return {};
  }
}
