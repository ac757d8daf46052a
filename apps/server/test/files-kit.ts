import { APP_URL, type Harness } from "./harness.ts";

/** A multipart body with one file part, as a browser's FormData sends it. */
export function fileForm(
  name: string,
  content: string | Uint8Array,
  type = "text/plain",
): FormData {
  const form = new FormData();
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  form.append("file", new Blob([bytes], { type }), name);
  return form;
}

export async function upload(
  h: Harness,
  cookie: string | undefined,
  name: string,
  content: string | Uint8Array,
  type?: string,
): Promise<Response> {
  return h.app.request(`${APP_URL}/api/files`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: fileForm(name, content, type),
  });
}

export interface SseEvent {
  id: string;
  data: { seq: number; type: string; message: string; page?: number; pages?: number };
}

/** Reads an SSE response to its end (the events stream ends after ready or failed). */
export async function readSse(res: Response): Promise<SseEvent[]> {
  const text = await res.text();
  const events: SseEvent[] = [];
  for (const block of text.split("\n\n")) {
    const id = block.match(/^id: ?(.*)$/m)?.[1];
    const data = block.match(/^data: ?(.*)$/m)?.[1];
    if (id !== undefined && data !== undefined)
      events.push({ id, data: JSON.parse(data) as SseEvent["data"] });
  }
  return events;
}

/** Follows the file's events to their end; returns them. */
export async function untilDone(
  h: Harness,
  cookie: string,
  fileId: string,
  lastEventId?: string,
): Promise<SseEvent[]> {
  const res = await h.request(`/api/files/${fileId}/events`, {
    cookie,
    ...(lastEventId ? { headers: { "last-event-id": lastEventId } } : {}),
  });
  if (res.status !== 200) throw new Error(`events answered ${res.status}`);
  return readSse(res);
}
