import { describe, expect, it, vi } from "vitest";

describe("zod jitless (CSP without eval)", () => {
  it("is read by zod, which then never probes for new Function", async () => {
    await import("./zod-jitless.ts");
    const probes: string[] = [];
    const RealFunction = globalThis.Function;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        probes.push(String(args.at(-1)));
        return Reflect.construct(target, args);
      },
    });
    try {
      const { z, config } = await import("zod");
      expect(config().jitless).toBe(true);
      const schema = z.object({ a: z.string(), b: z.number() });
      expect(schema.parse({ a: "x", b: 1 })).toEqual({ a: "x", b: 1 });
      expect(probes).toEqual([]);
    } finally {
      globalThis.Function = RealFunction;
    }
  });

  it("holds when the bundle evaluates zod before it (zod keeps the object it made)", async () => {
    const { config } = await import("zod");
    // As if zod had made its configuration first, without the flag.
    config({ jitless: false });
    vi.resetModules();
    await import("./zod-jitless.ts");
    expect(config().jitless).toBe(true);
  });
});
