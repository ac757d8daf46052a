import { type JsonApiFake, startJsonApiFake } from "./json-api-fake.ts";

/**
 * A fake Tavily (POST /search, JSON body with api_key) on 127.0.0.1. A wrong api_key gets 401
 * like the real API; otherwise `max_results` deterministic results (plus one duplicate URL) and,
 * with include_images, three images (one as a bare string, two with descriptions).
 */
export async function startFakeTavily(
  options: { apiKey?: string; port?: number } = {},
): Promise<JsonApiFake> {
  const apiKey = options.apiKey ?? "tvly-test-key";
  return startJsonApiFake({
    ...(options.port ? { port: options.port } : {}),
    handle: (request) => {
      if (request.method !== "POST" || request.path !== "/search")
        return { status: 404, body: { detail: "not found" } };
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return { status: 400, body: { detail: "invalid json" } };
      }
      if (body.api_key !== apiKey) return { status: 401, body: { detail: "Unauthorized" } };
      const query = typeof body.query === "string" ? body.query : "";
      const max = typeof body.max_results === "number" ? body.max_results : 5;
      const results: Record<string, unknown>[] = Array.from({ length: max }, (_, i) => ({
        title: `Tavily ${i + 1}`,
        url: `https://tavily${i + 1}.example.com/page`,
        content: `Content ${i + 1} about ${query}`,
        score: 1 - i / 100,
        ...(body.topic === "news" ? { published_date: "Mon, 02 Nov 2026 10:00:00 GMT" } : {}),
      }));
      results.splice(1, 0, { ...results[0], url: "https://tavily1.example.com/page/" });
      return {
        body: {
          query,
          answer: null,
          response_time: 0.01,
          results,
          images: body.include_images
            ? [
                "https://img.tavily.example.com/1.png",
                { url: "https://img.tavily.example.com/2.png", description: "Second image" },
                { url: "javascript:alert(1)", description: "bad" },
              ]
            : [],
        },
      };
    },
  });
}
