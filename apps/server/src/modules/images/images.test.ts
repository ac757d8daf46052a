import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../../test/harness.ts";
import {
  GIF,
  ICO,
  type ImageStandIn,
  PIXEL_PNG,
  startImageStandIn,
} from "../../../test/image-stand-in.ts";
import { installLoopbackTripwire, type Tripwire } from "../../../test/loopback-tripwire.ts";
import { startVictims, type Victims } from "../../../test/web-fetch-stand-ins.ts";
import { createApp } from "../../app.ts";
import { createImageUrls } from "./image-urls.ts";
import { loadImageKey } from "./images.repo.ts";

/**
 * The image proxy (GET /api/image): signed addresses only, fetched through web-fetch (G6), image
 * bytes only, size and pixel caps, cached. The stand-in image origin is 127.0.0.5 (the only
 * address the harness's fetcher may reach); victims listen on 127.0.0.1/127.0.0.2 and count.
 */
let h: Harness;
let origin: ImageStandIn;
let victims: Victims;
let tripwire: Tripwire;

beforeAll(async () => {
  tripwire = installLoopbackTripwire();
  origin = await startImageStandIn({ host: "127.0.0.5" });
  victims = await startVictims();
  h = await createHarness({}, { webFetch: { allowAddresses: ["127.0.0.5"] } });
});
afterAll(async () => {
  await h.close();
  await origin.close();
  await victims.close();
  tripwire.restore();
  expect(tripwire.violations).toEqual([]);
});
beforeEach(() => {
  origin.hits.clear();
});

const signed = (url: string) => {
  const path = h.deps.images.sign(url);
  if (!path) throw new Error(`not signable: ${url}`);
  return path;
};
const totalHits = () => [...origin.hits.values()].reduce((a, b) => a + b, 0);
async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe("GET /api/image: signed addresses", () => {
  it("serves a signed image with its type from the bytes and hardened headers", async () => {
    const res = await h.request(signed(`${origin.origin}/pixel.png`));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PIXEL_PNG);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=604800, immutable");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("serves GIF and ICO, decides by bytes not by the origin's content-type, and decodes gzip", async () => {
    const gif = await h.request(signed(`${origin.origin}/anim.gif`));
    expect(gif.headers.get("content-type")).toBe("image/gif");
    expect(Buffer.from(await gif.arrayBuffer())).toEqual(GIF);
    const ico = await h.request(signed(`${origin.origin}/favicon.ico`));
    expect(ico.headers.get("content-type")).toBe("image/x-icon");
    expect(Buffer.from(await ico.arrayBuffer())).toEqual(ICO);
    const lying = await h.request(signed(`${origin.origin}/lying.html`));
    expect(lying.status).toBe(200);
    expect(lying.headers.get("content-type")).toBe("image/png");
    const gzip = await h.request(signed(`${origin.origin}/gzip.png`));
    expect(Buffer.from(await gzip.arrayBuffer())).toEqual(PIXEL_PNG);
  });

  it("serves a cached image without asking the origin again, and shares one fetch between concurrent requests", async () => {
    const path = signed(`${origin.origin}/pixel.png?cache-test`);
    const first = await Promise.all([h.request(path), h.request(path), h.request(path)]);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(origin.hits.get("/pixel.png")).toBe(1);
    const again = await h.request(path);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(PIXEL_PNG);
    expect(origin.hits.get("/pixel.png")).toBe(1);
  });

  it("answers the same for the owner of an answer, another user and anonymous callers (public, signed)", async () => {
    const path = signed(`${origin.origin}/pixel.png?who`);
    const user = await h.signIn("image-reader@acme.com");
    for (const options of [
      { cookie: user.cookie },
      { anonId: "anon_1795000000000_aaaaaaaa" },
      {},
    ]) {
      const res = await h.request(path, options);
      expect(res.status).toBe(200);
    }
  });

  it("verifies with the key in PostgreSQL: another instance (or a restart) accepts the same URL", async () => {
    const key = await loadImageKey(h.db.db);
    expect(key).toEqual(await loadImageKey(h.db.db));
    const second = createApp({ ...h.deps, images: createImageUrls(key) });
    const path = signed(`${origin.origin}/anim.gif?instance`);
    expect(createImageUrls(key).sign(`${origin.origin}/anim.gif?instance`)).toBe(path);
    const res = await second.request(`http://nexus.test${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/gif");
  });
});

describe("GET /api/image: refused without a fetch", () => {
  const url = () => `${origin.origin}/pixel.png?refused`;

  it.each([
    ["no signature", () => `/api/image?u=${encodeURIComponent(url())}`],
    [
      "no address",
      () => `/api/image?s=${new URL(`http://x${signed(url())}`).searchParams.get("s")}`,
    ],
    ["an empty query", () => "/api/image"],
    ["a made-up signature", () => `/api/image?u=${encodeURIComponent(url())}&s=${"A".repeat(22)}`],
    [
      "a signature of another address",
      () => {
        const other = new URL(`http://x${signed(`${origin.origin}/anim.gif`)}`).searchParams.get(
          "s",
        );
        return `/api/image?u=${encodeURIComponent(url())}&s=${other}`;
      },
    ],
    ["a tampered address", () => signed(url()).replace("refused", "refusec")],
    ["a signature cut short", () => signed(url()).slice(0, -1)],
  ])("%s → 403 and 0 requests to the origin", async (_name, path) => {
    const res = await h.request(path());
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toEqual({
      code: "forbidden",
      message: "This image address was not signed by this server.",
    });
    expect(totalHits()).toBe(0);
  });

  it("refuses every other spelling of a signed address: only the minted one is fetched", async () => {
    const key = await loadImageKey(h.db.db);
    const target = `${origin.origin}/pixel.png?spell=(it)`;
    const path = signed(target);
    const [, encoded = "", signature = ""] = /^\/api\/image\?u=([^&]+)&s=(.+)$/.exec(path) ?? [];
    const lastBits = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"]
      .map((c) => `${signature.slice(0, -1)}${c}`)
      .find(
        (s) =>
          s !== signature &&
          Buffer.from(s, "base64url").equals(Buffer.from(signature, "base64url")),
      );
    const firstScheme = (url: string) =>
      createHmac("sha256", key)
        .update(`image:${url}`)
        .digest()
        .subarray(0, 16)
        .toString("base64url");
    const withPort = target.replace(/^http:\/\/127\.0\.0\.5/, "http://127.0.0.5:80");
    const variants = [
      `/api/image?u=${encoded.replaceAll("%2F", "/")}&s=${signature}`,
      `/api/image?u=${encoded.replace("%2F", "%2f")}&s=${signature}`,
      `/api/image?u=${encoded.replace("%3A", "%3a")}&s=${signature}`,
      `/api/image?u=${encoded.replace("%28", "(")}&s=${signature}`,
      `/api/image?u=${encoded.replace("p", "%70")}&s=${signature}`,
      `/api/image?u=${encodeURIComponent(target)}&s=${signature}`,
      `/api/image?u=${encodeURIComponent(`${target}#x`)}&s=${signature}`,
      `/api/image?u=${encodeURIComponent(target.replace("http:", "HTTP:"))}&s=${signature}`,
      `/api/image?s=${signature}&u=${encoded}`,
      `${path}&u=${encoded}`,
      `${path}&x=1`,
      `/api/image?u=${encoded}&s=${lastBits}`,
      // the signature a server before this change minted for whatever it presented
      `/api/image?u=${encodeURIComponent(target)}&s=${firstScheme(target)}`,
      `/api/image?u=${encodeURIComponent(withPort)}&s=${firstScheme(target)}`,
    ];
    expect(lastBits).toBeDefined();
    expect(encoded).toContain("%28");
    for (const variant of variants) {
      const res = await h.request(variant);
      expect(res.status, variant).toBe(403);
    }
    expect(totalHits()).toBe(0);
    expect((await h.request(path)).status).toBe(200);
  });

  it("mints only absolute http(s) addresses without credentials, passes on only its own", () => {
    for (const raw of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "file:///etc/passwd",
      "/relative.png",
      "//evil.example/x.png",
      "https://user:pass@evil.example/x.png",
      `https://evil.example/${"a".repeat(2100)}`,
      "",
    ])
      expect(h.deps.images.sign(raw)).toBeNull();
    expect(h.deps.images.sign(null)).toBeNull();
    // A proxy URL is never signed again; stored or imported ones pass only when minted here.
    const own = signed("https://img.example.org/a.png");
    expect(h.deps.images.sign(own)).toBeNull();
    expect(h.deps.images.own(own)).toBe(own);
    expect(h.deps.images.own(own.replace("a.png", "b.png"))).toBeNull();
    expect(h.deps.images.own("https://img.example.org/a.png")).toBeNull();
  });
});

describe("GET /api/image: what the proxy will not serve", () => {
  it("refuses signed loopback and private targets (G6 forms) with 0 hits on the victims", async () => {
    const p = victims.port;
    const targets = [
      `http://127.0.0.1:${p}/x.png`,
      `http://127.1:${p}/x.png`,
      `http://0x7f000001:${p}/x.png`,
      `http://2130706433:${p}/x.png`,
      `http://[::1]:${p}/x.png`,
      `http://[::ffff:7f00:1]:${p}/x.png`,
      `http://127.0.0.2:${p}/x.png`,
      `http://localhost:${p}/x.png`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/x.png",
      "http://192.168.1.1/x.png",
      "http://100.64.0.1/x.png",
      "http://[fd00::1]/x.png",
      `${origin.origin}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${p}/x.png`)}`,
    ];
    for (const target of targets) {
      const res = await h.request(signed(target));
      expect(res.status, target).toBe(403);
      expect(await errorOf(res)).toEqual({
        code: "forbidden",
        message: "This image address is not allowed.",
      });
    }
    expect(victims.hits()).toBe(0);
  });

  it.each([
    ["/drawing.svg", 415, "unsupported_media_type"],
    ["/page.html", 415, "unsupported_media_type"],
    ["/big.png", 413, "payload_too_large"],
    ["/huge-pixels.png", 413, "payload_too_large"],
    ["/missing.png", 502, "bad_gateway"],
  ])("%s → %i without leaking internals", async (path, status, code) => {
    const res = await h.request(signed(`${origin.origin}${path}`));
    expect(res.status).toBe(status);
    const error = await errorOf(res);
    expect(error.code).toBe(code);
    expect(error.message).not.toMatch(/127\.0\.0|ECONN|stack|at /);
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("answers an <img> load that cannot be shown with 204 and the reason (no console error per missing favicon)", async () => {
    const image = { headers: { "sec-fetch-dest": "image" } };
    const missing = await h.request(signed(`${origin.origin}/missing.png?img`), image);
    expect(missing.status).toBe(204);
    expect(missing.headers.get("x-image-error")).toBe("bad_gateway");
    expect(await missing.text()).toBe("");
    const svg = await h.request(signed(`${origin.origin}/drawing.svg?img`), image);
    expect(svg.status).toBe(204);
    expect(svg.headers.get("x-image-error")).toBe("unsupported_media_type");
    // An unsigned address stays a 403 whoever asks.
    const forged = await h.request(`/api/image?u=x&s=${"A".repeat(22)}`, image);
    expect(forged.status).toBe(403);
  });

  it("remembers a failure for a while instead of asking the origin on every view", async () => {
    const path = signed(`${origin.origin}/missing.png?again`);
    expect((await h.request(path)).status).toBe(502);
    expect((await h.request(path)).status).toBe(502);
    expect(origin.hits.get("/missing.png")).toBe(1);
  });
});
