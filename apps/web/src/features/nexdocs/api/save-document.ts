import type { NexdocsConflictDetails, NexdocsDocument, NexdocsSave } from "@nexus/contracts";
import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import { ApiError, networkErrorMessage, readErrorBody } from "@/lib/api-client.ts";

export type SaveResult =
  | { kind: "saved"; document: NexdocsDocument }
  | { kind: "conflict"; current: NexdocsDocument; message: string };

/**
 * PATCH /api/nexdocs/:id against the revision the editor holds: saved, or a conflict (someone
 * saved a newer revision first) with the document as it now is; any other failure throws.
 */
export async function saveDocument(id: string, input: NexdocsSave): Promise<SaveResult> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}/nexdocs/${encodeURIComponent(id)}`, {
      method: "PATCH",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "content-type": "application/json",
        [ANON_ID_HEADER_NAME]: getAnonId(),
      },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiError({ status: 0, code: "network", message: networkErrorMessage() });
  }
  if (response.ok) return { kind: "saved", document: (await response.json()) as NexdocsDocument };
  const { code, message, issues, details } = await readErrorBody(response);
  if (response.status === 409 && code === "conflict") {
    const current = (details as NexdocsConflictDetails | undefined)?.current;
    if (current) return { kind: "conflict", current, message };
  }
  throw new ApiError({ status: response.status, code, message, issues });
}
