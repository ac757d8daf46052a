import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../deps.ts";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' https:",
  "frame-src 'self' https://www.youtube-nocookie.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers on every response; HTML responses also get the CSP. */
export function securityHeaders(options: { https: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    // Share links set a stricter no-referrer themselves (G5); keep it.
    if (!c.res.headers.has("Referrer-Policy"))
      c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Cross-Origin-Opener-Policy", "same-origin");
    c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (options.https) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (c.res.headers.get("content-type")?.includes("text/html")) {
      c.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    }
    // API answers are never cached, unless the route chose (the image proxy: long-lived images).
    if (c.req.path.startsWith("/api/") && !c.res.headers.has("Cache-Control"))
      c.header("Cache-Control", "no-store");
  });
}
