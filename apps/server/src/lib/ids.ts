import { createHash, randomBytes } from "node:crypto";

/** URL-safe random id with `bytes` bytes of entropy (16 bytes = 128 bits). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString("base64url");
}

/** 32 random bytes (256 bits), base64url: sign-in link tokens and session ids. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}
