import { API_BASE_URL } from "@/config/env.ts";
import { ApiError, networkErrorMessage, readErrorBody } from "./api-client.ts";

/** The file name a Content-Disposition header gives (its UTF-8 `filename*` first). */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8.trim());
    } catch {
      // Not percent-encoding: the plain name below.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** Saves bytes as a file through the browser's download (an object URL on a clicked link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file the API makes (an export): resolves once it is saved; rejects with an ApiError
 * (the server's message, or the network one) so the caller can say what went wrong.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE_URL}${path}`, { credentials: "same-origin" });
  } catch {
    throw new ApiError({ status: 0, code: "network", message: networkErrorMessage() });
  }
  if (!response.ok) {
    const { code, message } = await readErrorBody(response);
    throw new ApiError({ status: response.status, code, message });
  }
  const blob = await response.blob();
  saveBlob(blob, dispositionFileName(response.headers.get("content-disposition")) ?? fallbackName);
}
