import { API_BASE_URL } from "@/config/env.ts";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import { ApiError, networkErrorMessage, readErrorBody } from "@/lib/api-client.ts";

/**
 * POST a file's bytes as the body (the server reads their type) and read the JSON answer; a
 * refusal throws the server's message as an ApiError, a lost connection the network one.
 */
export async function postBytes<T>(path: string, body: Blob): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}${path}`, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        "content-type": "application/octet-stream",
        [ANON_ID_HEADER_NAME]: getAnonId(),
      },
      body,
    });
  } catch {
    throw new ApiError({ status: 0, code: "network", message: networkErrorMessage() });
  }
  if (!response.ok) {
    const { code, message } = await readErrorBody(response);
    throw new ApiError({ status: response.status, code, message });
  }
  return (await response.json()) as T;
}
