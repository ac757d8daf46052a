import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../test/harness.ts";
import { createApp } from "./app.ts";

let h: Harness;
let dist: string;
let app: ReturnType<typeof createApp>;
const script = `console.log(${JSON.stringify("x".repeat(4000))});`;

beforeAll(async () => {
  h = await createHarness();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-dist-"));
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(
    path.join(dist, "index.html"),
    "<!doctype html><title>Nexus</title><div id=root></div>",
  );
  fs.writeFileSync(path.join(dist, "assets/app-abc123.js"), script);
  fs.writeFileSync(path.join(dist, "assets/app-abc123.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, "theme-init.js"), "void 0;");
  app = createApp(h.deps, { webDist: dist });
});
afterAll(async () => {
  fs.rmSync(dist, { recursive: true, force: true });
  await h.close();
});

describe("serving the built web app", () => {
  it("answers every app path with index.html, revalidated, under the CSP and security headers (G4)", async () => {
    for (const url of ["/", "/app", "/app/settings", "/no/such/page"]) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain("<div id=root>");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
    }
  });

  it("answers an unknown share link with the app's HTML as a 404, under the CSP and noindex", async () => {
    const res = await app.request("/share/abc");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("<div id=root>");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("sends hashed assets precompressed and cached for a year", async () => {
    const res = await app.request("/assets/app-abc123.js", {
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
    const plain = await app.request("/assets/app-abc123.js");
    expect(await plain.text()).toBe(script);
  });

  it("answers a missing asset with 404, not the HTML page", async () => {
    const res = await app.request("/assets/gone-999.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toContain("text/html");
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const res = await app.request("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: "not_found", message: "Not found." } });
  });
});
