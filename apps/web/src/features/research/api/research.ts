import type {
  ResearchItem,
  ResearchList,
  ResearchPlan,
  ResearchPlanRequest,
  ResearchStart,
  Run,
} from "@nexus/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UIMessage } from "ai";
import { useMemo } from "react";
import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import { apiRequest } from "@/lib/api-client.ts";
import { createChatFetch } from "@/lib/chat/chat-fetch.ts";
import { arrivedThread, threadQueryOptions } from "@/lib/chat/thread-query.ts";
import { earlyPaths, takeArrived, takeEarly } from "@/lib/early-requests.ts";
import { historyKeys, researchKeys } from "@/lib/query-keys.ts";
import { type ReportContent, reportContent } from "../lib/report-message.ts";

const enc = encodeURIComponent;

/** A research POST whose refusal is a ChatRequestError (a quota's details for the QuotaCard). */
function postResearch(path: string, body: unknown): Promise<Response> {
  return createChatFetch()(`${API_BASE_URL}${path}`, {
    method: "POST",
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      [ANON_ID_HEADER_NAME]: getAnonId(),
    },
    credentials: "same-origin",
    body: JSON.stringify(body),
  });
}

/**
 * POST /api/research/plan: sub-questions to read and edit before starting. Past the agent quota it
 * is refused with the start's wall (a ChatRequestError with the quota), or rate-limited.
 */
export async function planResearch(body: ResearchPlanRequest): Promise<ResearchPlan> {
  return (await (await postResearch("/research/plan", body)).json()) as ResearchPlan;
}

/**
 * POST /api/research: starts a run (201 with its item). A refusal is a ChatRequestError: its code
 * ("quota_exceeded", "forbidden"…) and, for a quota, what ran out (the QuotaCard's).
 */
export async function startResearch(body: ResearchStart): Promise<ResearchItem> {
  return (await (await postResearch("/research", body)).json()) as ResearchItem;
}

export function getResearchList(q: string, signal?: AbortSignal): Promise<ResearchList> {
  const search = q ? `?q=${enc(q)}` : "";
  return apiRequest<ResearchList>(`/research${search}`, signal ? { signal } : {});
}

export function getResearch(threadId: string, signal?: AbortSignal): Promise<ResearchItem> {
  const path = earlyPaths.research(threadId);
  return takeEarly<ResearchItem>(path) ?? apiRequest<ResearchItem>(path, signal ? { signal } : {});
}

export function deleteResearch(threadId: string): Promise<void> {
  return apiRequest<void>(`/research/${enc(threadId)}`, { method: "DELETE" });
}

/** POST /api/research/:threadId/finish: the report is written from what was gathered. */
export function finishResearch(threadId: string): Promise<ResearchItem> {
  return apiRequest<ResearchItem>(`/research/${enc(threadId)}/finish`, { method: "POST" });
}

/**
 * POST /api/research/:threadId/resume ("Retry from here"): a failed or cancelled research goes on
 * from its last good step (202 with its item, queued again).
 */
export function resumeResearch(threadId: string): Promise<ResearchItem> {
  return apiRequest<ResearchItem>(`/research/${enc(threadId)}/resume`, { method: "POST" });
}

export function cancelRun(runId: string): Promise<Run> {
  return apiRequest<Run>(`/runs/${enc(runId)}/cancel`, { method: "POST" });
}

export function useResearchList(q: string) {
  return useQuery(
    queryOptions({
      queryKey: researchKeys.list(q),
      queryFn: ({ signal }) => getResearchList(q, signal),
    }),
  );
}

export function researchQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: researchKeys.one(threadId),
    queryFn: ({ signal }) => getResearch(threadId, signal),
    initialData: () => takeArrived<ResearchItem>(earlyPaths.research(threadId)),
  });
}

export function useResearch(threadId: string) {
  return useQuery(researchQueryOptions(threadId));
}

/**
 * A finished research's report as saved (GET /api/threads/:id, its reply's parts): the screen
 * shows it at once, while the run's events are read again (their report is the same). Null until
 * it arrives, or when there is none.
 */
export function useSavedReport(threadId: string, finished: boolean): ReportContent | null {
  const query = useQuery({
    ...threadQueryOptions(threadId),
    initialData: () => arrivedThread(threadId),
    enabled: finished,
  });
  const reply = finished ? query.data?.messages?.[1] : undefined;
  return useMemo(() => {
    const saved = reply?.role === "assistant" ? reportContent(reply as UIMessage) : null;
    return saved && saved.report.trim() !== "" ? saved : null;
  }, [reply]);
}

export function usePlanResearch() {
  return useMutation({ mutationFn: planResearch });
}

export function useStartResearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startResearch,
    onSuccess: (item) => {
      queryClient.setQueryData(researchKeys.one(item.threadId), item);
      void queryClient.invalidateQueries({ queryKey: researchKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    },
  });
}

export function useDeleteResearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResearch,
    onSettled: (_data, _error, threadId) => {
      queryClient.removeQueries({ queryKey: researchKeys.one(threadId) });
      void queryClient.invalidateQueries({ queryKey: researchKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    },
  });
}

/** Cancel or finish now: the item is read again afterwards (its status and entry change). */
export function useResearchControl(item: ResearchItem) {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: researchKeys.one(item.threadId) });
  const cancel = useMutation({ mutationFn: () => cancelRun(item.runId), onSettled: refresh });
  const finish = useMutation({
    mutationFn: () => finishResearch(item.threadId),
    onSuccess: (next) => queryClient.setQueryData(researchKeys.one(item.threadId), next),
  });
  return { cancel, finish };
}

/** Retry from here: the item is queued again (its events are followed again by the screen). */
export function useResumeResearch(threadId: string, onResumed: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resumeResearch(threadId),
    onSuccess: (next) => {
      queryClient.setQueryData(researchKeys.one(threadId), next);
      void queryClient.invalidateQueries({ queryKey: researchKeys.lists() });
      // Recent lists it running again.
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      onResumed();
    },
  });
}
