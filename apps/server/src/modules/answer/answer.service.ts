import {
  type AnswerResults,
  answerResultsSchema,
  focusModeSchema,
  MESSAGES,
  type StoredPart,
  storedPartsOf,
  type ThreadEntryVersion,
  type ThreadResponse,
} from "@nexus/contracts";
import type { Deps, SessionUser } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import * as history from "../history/history.service.ts";
import { presentParts, presentResults } from "../images/images.service.ts";

const EMPTY_RESULTS: AnswerResults = {
  markdown: "",
  sources: [],
  images: [],
  videos: [],
  thinking: "",
};

/** Earlier versions as the answer page shows them (images and favicons through the proxy). */
export function presentVersions(
  deps: Deps,
  stored: readonly history.StoredVersion[],
): ThreadEntryVersion[] {
  return stored.flatMap((v): ThreadEntryVersion[] => {
    const results = answerResultsSchema.safeParse(v.results);
    if (!results.success) return [];
    return [
      {
        query: v.query,
        timestamp: v.timestamp,
        results: presentResults(deps, results.data),
        ...partsOf(deps, v.parts),
      },
    ];
  });
}

/** The saved reply parts, presented (none: an entry saved before answers kept them). */
function partsOf(deps: Deps, stored: unknown): { parts?: StoredPart[] } {
  const parts = storedPartsOf(stored);
  return parts ? { parts: presentParts(deps, parts) } : {};
}

function versionsOf(
  deps: Deps,
  stored: Record<string, unknown>,
): { versions?: ThreadEntryVersion[] } {
  const versions = presentVersions(deps, history.versionsOf(stored));
  return versions.length > 0 ? { versions } : {};
}

/** What a thread id can be (answerRequestSchema's threadId, or a generated entry id). */
const THREAD_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** A thread of the caller's (404 for other users' and missing threads alike). */
export async function thread(options: {
  deps: Deps;
  user: SessionUser;
  threadId: string;
}): Promise<ThreadResponse> {
  // Not a thread id (e.g. a NUL byte, which PostgreSQL text cannot hold): missing, like any other.
  if (!THREAD_ID.test(options.threadId)) throw new AppError("not_found", MESSAGES.noSuchDocument);
  const rows = await history.threadTurns(options.deps, {
    userId: options.user.id,
    threadId: options.threadId,
  });
  if (rows.length === 0) throw new AppError("not_found", MESSAGES.noSuchDocument);
  return {
    threadId: options.threadId,
    entries: rows.map((r) => {
      const results = answerResultsSchema.safeParse(r.results);
      const focus = focusModeSchema.safeParse(r.focusMode);
      return {
        id: r.id,
        threadId: r.threadId,
        timestamp: r.timestamp.toISOString(),
        query: r.query,
        focusMode: focus.success ? focus.data : "web",
        results: results.success ? presentResults(options.deps, results.data) : EMPTY_RESULTS,
        // A row whose results do not read has nothing to restore (its parts neither).
        ...(results.success ? partsOf(options.deps, r.parts) : {}),
        isBookmarked: r.isBookmarked,
        ...versionsOf(options.deps, r.results),
      };
    }),
  };
}
