import { type JsonApiFake, startJsonApiFake } from "./json-api-fake.ts";

/**
 * A fake Brave Search API on 127.0.0.1: GET /res/v1/web/search, /res/v1/images/search and
 * /res/v1/videos/search, with X-Subscription-Token checked (401 when wrong, as the real API
 * answers). Deterministic: `count` results per page, the page chosen by `offset`.
 */
export async function startFakeBrave(
  options: { apiKey?: string; port?: number } = {},
): Promise<JsonApiFake> {
  const apiKey = options.apiKey ?? "brave-test-key";
  return startJsonApiFake({
    ...(options.port ? { port: options.port } : {}),
    handle: (request) => {
      if (request.headers["x-subscription-token"] !== apiKey)
        return { status: 401, body: { type: "ErrorResponse", error: { code: "UNAUTHORIZED" } } };
      const q = request.query.get("q") ?? "";
      const count = Number(request.query.get("count") ?? "10");
      const offset = Number(request.query.get("offset") ?? "0");
      const numbers = Array.from({ length: count }, (_, i) => offset * count + i + 1);
      switch (request.path) {
        case "/res/v1/web/search": {
          const results: Record<string, unknown>[] = numbers.map((n) => ({
            title: `Brave <strong>${q}</strong> ${n}`,
            url: `https://brave${n}.example.net/`,
            description: `About <strong>${q}</strong> &amp; more ${n}`,
            ...(n === 1 ? { page_age: "2026-10-01T00:00:00" } : {}),
            profile: { name: `brave${n}` },
          }));
          results.splice(1, 0, { ...results[0], url: `https://brave${numbers[0]}.example.net` });
          return { body: { type: "search", query: { original: q }, web: { results } } };
        }
        case "/res/v1/images/search":
          return {
            body: {
              type: "images",
              results: numbers.slice(0, 3).map((n) => ({
                title: `Picture ${n}`,
                url: `https://pictures.example.net/page${n}`,
                thumbnail: { src: `https://imgs.example.net/thumb${n}.jpg` },
                properties: { url: `https://imgs.example.net/full${n}.jpg` },
              })),
            },
          };
        case "/res/v1/videos/search":
          return {
            body: {
              type: "videos",
              results: numbers.slice(0, 2).map((n) => ({
                title: `Clip ${n}`,
                url: `https://clips.example.net/v${n}`,
                thumbnail: { src: `https://clips.example.net/t${n}.jpg` },
              })),
            },
          };
        default:
          return { status: 404, body: { error: "not found" } };
      }
    },
  });
}
