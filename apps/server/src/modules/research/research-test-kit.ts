import type { ResearchItem } from "@nexus/contracts";
import { expect } from "vitest";
import type { Harness } from "../../../test/harness.ts";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One event of a run's SSE stream (`id:` = seq). */
export interface SseEvent {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
}

/**
 * Reads GET /api/runs/:runId/events (from `lastEventId`) until the run's `status` message, or
 * until `until` says to hang up: the events, the last id and the ending status ("" when cut).
 */
export async function readEvents(
  h: Harness,
  cookie: string,
  runId: string,
  options: { lastEventId?: string; until?: (events: SseEvent[]) => boolean } = {},
) {
  const res = await h.request(`/api/runs/${runId}/events`, {
    cookie,
    headers: options.lastEventId ? { "last-event-id": options.lastEventId } : {},
  });
  expect(res.status).toBe(200);
  const reader = res.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error("no body");
  const events: SseEvent[] = [];
  let status = "";
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { events, status, lastId: String(events.at(-1)?.seq ?? "") };
    buffer += value;
    for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? "";
      if (/^event: ?status$/m.test(block)) status = (JSON.parse(data) as { status: string }).status;
      else if (/^id: ?/m.test(block)) events.push(JSON.parse(data) as SseEvent);
    }
    if (options.until?.(events)) {
      await reader.cancel();
      return { events, status, lastId: String(events.at(-1)?.seq ?? "") };
    }
  }
}

export async function startResearch(
  h: Harness,
  cookie: string,
  body: Record<string, unknown>,
): Promise<ResearchItem> {
  const res = await h.request("/api/research", { method: "POST", cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ResearchItem;
}

export async function researchOf(h: Harness, cookie: string, threadId: string) {
  const res = await h.request(`/api/research/${threadId}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as ResearchItem;
}

/** Polls the research until it has ended (or `ms` passed): its last state. */
export async function ended(h: Harness, cookie: string, threadId: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const item = await researchOf(h, cookie, threadId);
    if (!["queued", "running"].includes(item.status) || Date.now() > deadline) return item;
    await sleep(150);
  }
}

export async function agentUnitsUsed(h: Harness, cookie: string): Promise<number> {
  const body = (await (await h.request("/api/usage", { cookie })).json()) as {
    counters: { agentUsage: { current: number } };
  };
  return body.counters.agentUsage.current;
}

/** The report's text, from the run's `ui-chunks` events (after the last reset). */
export function reportText(events: readonly SseEvent[]): string {
  let text = "";
  for (const event of events) {
    if (event.type === "research-report-reset") text = "";
    if (event.type !== "ui-chunks") continue;
    for (const chunk of (event.payload.chunks ?? []) as Array<{ type: string; delta?: string }>)
      if (chunk.type === "text-delta") text += chunk.delta ?? "";
  }
  return text;
}
