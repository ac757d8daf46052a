import { Hono } from "hono";
import type { AppEnv, Deps } from "../../deps.ts";
import { AppError } from "../../lib/errors.ts";
import { createImageProxy, type ImageProxy } from "./images.service.ts";

/** Headers of a served image: it is never a document, never sniffed, never tells where it is shown. */
const IMAGE_HEADERS = {
  "Cache-Control": "public, max-age=604800, immutable",
  "Content-Security-Policy": "default-src 'none'; sandbox",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Resource-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
} as const;

const unsigned = () =>
  new AppError("forbidden", "This image address was not signed by this server.");

/** The query string exactly as the request spelled it (not decoded, not re-encoded). */
function rawQuery(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return "";
  const end = url.indexOf("#", start);
  return url.slice(start + 1, end < 0 ? undefined : end);
}

/**
 * GET /api/image?u=<url>&s=<signature>: an image of another origin, fetched by the server (the
 * reader's browser never contacts that origin). Only addresses this server minted are fetched,
 * in exactly the spelling it minted (image-urls.ts), and the fetched address is the verified
 * string; anyone may load them (shares and discover are public), nothing else is reachable.
 */
export function imageRoutes(deps: Deps, proxy: ImageProxy = createImageProxy({ deps })) {
  return new Hono<AppEnv>().get("/", async (c) => {
    const url = deps.images.addressOf(rawQuery(c.req.url));
    if (url === null) throw unsigned();
    let image: Awaited<ReturnType<ImageProxy["get"]>>;
    try {
      image = await proxy.get(url);
    } catch (error) {
      // An <img> whose address cannot be shown (a site without a favicon, a dead host, not an
      // image): 204 fires its error event (letter tile, tile removed) without a console error per
      // missing favicon; the reason is in a header. Other callers get the status itself.
      if (!(error instanceof AppError) || c.req.header("sec-fetch-dest") !== "image") throw error;
      return c.body(null, 204, {
        "Cache-Control": "public, max-age=300",
        "X-Image-Error": error.code,
        "Referrer-Policy": "no-referrer",
      });
    }
    return c.body(new Uint8Array(image.body), 200, {
      ...IMAGE_HEADERS,
      "Content-Type": image.contentType,
      "Content-Length": String(image.body.length),
    });
  });
}
