import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSearxng, startFakeSearxng } from "../../../../../e2e/fakes/searxng-server.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";
import { startVictims, type Victims } from "../../../test/web-fetch-stand-ins.ts";

/**
 * The one exception to "public addresses only" in the image proxy: the operator's own SearXNG
 * (SEARXNG_URL, here the fake on 127.0.0.1) may serve pictures from its image_proxy. It holds for
 * exactly that origin (scheme, host, port), at every redirect hop: a redirect to another port or
 * another loopback host is refused like any private address (victims count every connection).
 */
let h: Harness;
let searxng: FakeSearxng;
let victims: Victims;

beforeAll(async () => {
  searxng = await startFakeSearxng();
  victims = await startVictims();
  h = await createHarness({ SEARCH_PROVIDER: "searxng", SEARXNG_URL: searxng.url });
});
afterAll(async () => {
  await h.close();
  await searxng.close();
  await victims.close();
});

const proxied = (to?: string) => {
  const address = `${searxng.url}/image_proxy?u=1.jpg${to ? `&to=${encodeURIComponent(to)}` : ""}`;
  const path = h.deps.images.sign(address);
  if (!path) throw new Error(`not signable: ${address}`);
  return path;
};

describe("GET /api/image: the SearXNG exception is its exact origin only", () => {
  it("serves SearXNG's own image_proxy, also through a redirect that stays on its origin", async () => {
    const direct = await h.request(proxied());
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toBe("image/png");
    const same = await h.request(proxied(`${searxng.url}/image_proxy?u=2.jpg`));
    expect(same.status).toBe(200);
  });

  it("refuses a redirect from SearXNG to another port or host of loopback, with 0 connections there", async () => {
    const p = victims.port;
    for (const to of [
      `http://127.0.0.1:${p}/x.png`,
      `http://127.0.0.2:${p}/x.png`,
      `http://127.0.0.2:${searxng.port}/image_proxy?u=3.jpg`,
      `http://localhost:${searxng.port}/image_proxy?u=4.jpg`,
      `https://127.0.0.1:${searxng.port}/image_proxy?u=5.jpg`,
    ]) {
      const res = await h.request(proxied(to));
      expect(res.status, to).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "This image address is not allowed.",
      );
    }
    expect(victims.hits()).toBe(0);
  });
});
