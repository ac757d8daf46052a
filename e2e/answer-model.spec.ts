import { DEFAULT_ANSWER, expect, test } from "./support/model-server.ts";

test("the configured server streams a cited answer from the fake model and SearXNG", async ({
  request,
  modelServer,
}) => {
  const response = await request.post("/api/answer", {
    headers: { origin: modelServer.origin, "x-anon-id": "e2e-smoke-anon-0001" },
    data: { text: "What is Nexus?" },
  });
  expect(response.status()).toBe(200);
  const body = await response.text();
  expect(body).toContain('"type":"source-url"');
  const text = body
    .split("\n")
    .filter((l) => l.startsWith("data: {"))
    .map((l) => JSON.parse(l.slice(6)) as { type: string; delta?: string })
    .filter((p) => p.type === "text-delta")
    .map((p) => p.delta)
    .join("");
  expect(text).toBe(DEFAULT_ANSWER);
});
