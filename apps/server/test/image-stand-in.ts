import http from "node:http";
import zlib from "node:zlib";

/**
 * An image origin for the image proxy's tests and benchmark, on loopback: real PNG, GIF and ICO
 * files, and the things a proxy must refuse (SVG, HTML, a body over the size cap, a picture over
 * the pixel cap, a redirect to another address). Counts requests per path.
 */
export interface ImageStandIn {
  origin: string;
  hits: Map<string, number>;
  /** Milliseconds each answer waits before it is sent (to measure the proxy's own cost). */
  delayMs: number;
  close: () => Promise<void>;
}

/** A 1×1 transparent PNG. */
export const PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** A PNG whose header claims width × height (the pixel cap reads the header). */
export function pngOfSize(width: number, height: number): Buffer {
  const png = Buffer.from(PIXEL_PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

/** A 2×3 GIF (header and logical screen descriptor, one empty image). */
export const GIF = Buffer.concat([
  Buffer.from("GIF89a", "latin1"),
  Buffer.from([2, 0, 3, 0, 0, 0, 0]),
  Buffer.from([0x2c, 0, 0, 0, 0, 2, 0, 3, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
]);

/** A 16×16 ICO holding one PNG. */
export const ICO = (() => {
  const png = pngOfSize(16, 16);
  const header = Buffer.from([0, 0, 1, 0, 1, 0]);
  const entry = Buffer.alloc(16);
  entry.writeUInt8(16, 0);
  entry.writeUInt8(16, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(22, 12);
  return Buffer.concat([header, entry, png]);
})();

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);

const ROUTES: Record<string, { type: string; body: () => Buffer }> = {
  "/pixel.png": { type: "image/png", body: () => PIXEL_PNG },
  "/anim.gif": { type: "image/gif", body: () => GIF },
  "/favicon.ico": { type: "image/vnd.microsoft.icon", body: () => ICO },
  // PNG bytes under a lying content-type: the bytes decide.
  "/lying.html": { type: "text/html", body: () => PIXEL_PNG },
  "/drawing.svg": { type: "image/svg+xml", body: () => SVG },
  "/page.html": { type: "text/html", body: () => Buffer.from("<!doctype html><p>not an image") },
  "/huge-pixels.png": { type: "image/png", body: () => pngOfSize(10_000, 10_000) },
  "/big.png": {
    type: "image/png",
    body: () => Buffer.concat([PIXEL_PNG, Buffer.alloc(6 * 1024 * 1024)]),
  },
};

export async function startImageStandIn(options: { host: string }): Promise<ImageStandIn> {
  const hits = new Map<string, number>();
  const state = { delayMs: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const send = () => {
      if (url.pathname === "/redirect") {
        res.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
        return res.end();
      }
      if (url.pathname === "/gzip.png") {
        res.writeHead(200, { "content-type": "image/png", "content-encoding": "gzip" });
        return res.end(zlib.gzipSync(PIXEL_PNG));
      }
      const route = ROUTES[url.pathname];
      if (!route) {
        res.writeHead(404, { "content-type": "text/plain" });
        return res.end("not found");
      }
      res.writeHead(200, { "content-type": route.type });
      res.end(route.body());
    };
    if (state.delayMs > 0) setTimeout(send, state.delayMs);
    else send();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    origin: `http://${options.host}:${port}`,
    hits,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(value: number) {
      state.delayMs = value;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
