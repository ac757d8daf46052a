import type { UploadedFile } from "@nexus/contracts";
import { API_BASE_URL } from "@/config/env.ts";
import { ApiError, networkErrorMessage, readErrorBody } from "@/lib/api-client.ts";
import { t } from "@/lib/i18n/i18n.ts";

/**
 * POST /api/files (multipart, one file): XMLHttpRequest, because fetch reports no upload
 * progress. `onProgress` receives 0..1 as the bytes leave; resolves with the new file, or with the
 * person's file that already held the same bytes (`alreadyInFiles`: nothing new was added).
 */
export function uploadFile(
  file: File,
  options: { onProgress: (ratio: number) => void; signal?: AbortSignal },
): Promise<UploadedFile> {
  return new Promise<UploadedFile>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE_URL}/files`);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: "network", message: networkErrorMessage() }));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { "content-type": xhr.getResponseHeader("content-type") ?? "" },
      });
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(JSON.parse(xhr.responseText) as UploadedFile);
        return;
      }
      void readErrorBody(response).then(({ code, message, issues }) =>
        reject(new ApiError({ status: xhr.status, code, message, issues })),
      );
    };
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}

/** What the person reads when an upload's bytes were already one of their files. */
export function alreadyInFilesText(name: string): string {
  return t("files.alreadyIn", { name });
}
