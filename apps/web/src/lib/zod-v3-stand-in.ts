// The browser build aliases `zod/v3` to this module (vite.config.ts). The AI SDK's provider-utils
// imports one name from it, `ZodFirstPartyTypeKind`, for its Zod-3-to-JSON-Schema converter, which
// only runs for Zod 3 schemas; the web app has none (its schemas, and the SDK's own, are Zod 4).
// Bundling the real module cost every app page about 10 KB gzip of Zod 3. The enum maps each kind
// to its own name ("ZodString" → "ZodString"), so this stand-in answers any key with the key;
// zod-v3-stand-in.test.ts holds it equal to the real enum.
export const ZodFirstPartyTypeKind: Readonly<Record<string, string>> = new Proxy(
  {},
  { get: (_target, key) => (typeof key === "string" ? key : undefined) },
);
