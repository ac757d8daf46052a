import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { REPO_ROOT } from "./server-process.ts";

/** The shared document fixtures (../shared/fixtures/documents, MANIFEST.md says what each holds). */
export const DOCUMENTS = path.resolve(REPO_ROOT, "../shared/fixtures/documents");

/**
 * Uploads a fixture document as the request's signed-in person (the same bytes again give their
 * existing file) and waits until it has been read; its id.
 */
export function uploadReadyDocument(
  request: APIRequestContext,
  name: string,
  mimeType = "application/octet-stream",
): Promise<string> {
  return uploadReadyBytes(request, name, fs.readFileSync(path.join(DOCUMENTS, name)), mimeType);
}

/** Uploads bytes made by a spec (support/office-files.ts) and waits until they are read; its id. */
export async function uploadReadyBytes(
  request: APIRequestContext,
  name: string,
  buffer: Buffer,
  mimeType = "application/octet-stream",
): Promise<string> {
  const uploaded = await request.post("/api/files", {
    multipart: { file: { name, mimeType, buffer } },
  });
  expect([200, 201], await uploaded.text()).toContain(uploaded.status());
  const { id } = (await uploaded.json()) as { id: string };
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/files/${id}`)).json()) as { status: string }).status,
      { timeout: 90_000 },
    )
    .toBe("ready");
  return id;
}
