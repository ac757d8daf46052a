import { createHash, randomBytes } from "node:crypto";

/** URL-safe random id with `bytes` bytes of entropy (16 bytes = 128 bits). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString("base64url");
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * `length` characters of [A-Za-z0-9] (22 = 131 bits), unbiased (rejection sampling). Ids that end
 * a URL slug (`what-is-rust-<id>`) use it: they contain no '-' to split on.
 */
export function alphanumericId(length = 22): string {
  let id = "";
  while (id.length < length) {
    for (const byte of randomBytes(length)) {
      // 248 = 4 × 62: bytes above it would favour the first characters.
      if (byte < 248 && id.length < length) id += ALPHANUMERIC[byte % 62];
    }
  }
  return id;
}

/** 32 random bytes (256 bits), base64url: sign-in link tokens and session ids. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}
