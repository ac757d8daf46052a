import { afterEach, describe, expect, it, vi } from "vitest";

type EarlyModule = typeof import("./early-requests.ts");

const SIGNED_IN = {
  user: { id: "u1", email: "ada@example.com", name: "Ada" },
  tier: "free",
  isSuperAdmin: false,
};
const ANONYMOUS = { user: null, tier: "anonymous", isSuperAdmin: false };

/** A fresh copy of the module (its requests are module state) and a fetch that records paths. */
async function setUp(me: unknown) {
  vi.resetModules();
  const asked: string[] = [];
  const held = new Map<string, () => void>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), "http://nexus.test").pathname.replace(/^\/api/, "");
      asked.push(path);
      if (path !== "/me") await new Promise<void>((resolve) => held.set(path, resolve));
      const body = path === "/me" ? me : { path };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  const early: EarlyModule = await import("./early-requests.ts");
  return { early, asked, release: (path: string) => held.get(path)?.() };
}

/** A fresh copy of the module, and a server that answers every request with a 500. */
async function withFailingServer(): Promise<EarlyModule> {
  vi.resetModules();
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { code: "internal", message: "Broken" } }), {
          status: 500,
          headers: { "Content-Type": "application/json" },
        }),
    ),
  );
  return import("./early-requests.ts");
}

/** Lets the started requests settle (fetch, JSON, the chained screen requests). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("screenRequests", () => {
  it("names the data each screen shows first", async () => {
    const { early } = await setUp(SIGNED_IN);
    expect(early.screenRequests("/app/search/what-is-nexus-AbC123")).toEqual(["/threads/AbC123"]);
    expect(early.screenRequests("/app/agents")).toEqual(["/agents"]);
    expect(early.screenRequests("/app/agents/quick-answer")).toEqual(["/agents"]);
    expect(early.screenRequests("/app/agents/quick-answer/T1/")).toEqual([
      "/agents",
      "/threads/T1?kind=agent&subject=quick-answer",
    ]);
    // Custom agents, a malformed thread segment and the other screens ask for nothing early.
    // The specialists are not preset agents: a research is asked for as a research.
    expect(early.screenRequests("/app/agents/deepresearch")).toEqual([]);
    expect(early.screenRequests("/app/agents/deepresearch/results")).toEqual([]);
    expect(early.screenRequests("/app/agents/deepresearch/R1")).toEqual([
      "/research/R1",
      "/threads/R1",
    ]);
    expect(early.screenRequests("/app/agents/structured-information-extraction/T1")).toEqual([]);
    // A document's screen: its info, and its thread when the address names one.
    expect(early.screenRequests("/app/pdf-chat/D1/T1")).toEqual([
      "/documents/D1",
      "/threads/T1?kind=document&subject=D1",
    ]);
    expect(early.screenRequests("/app/document-chat/D%201")).toEqual(["/documents/D%201"]);
    expect(early.screenRequests("/app/document-chat/D1/T1/")).toEqual([
      "/documents/D1",
      "/threads/T1?kind=document&subject=D1",
    ]);
    expect(early.screenRequests("/app/pdf-chat/bad%E0%A4%A/T1")).toEqual([]);
    expect(early.screenRequests("/app/agents/custom")).toEqual([]);
    expect(early.screenRequests("/app/agents/custom/abc")).toEqual([]);
    expect(early.screenRequests("/app/search/no-id-here-!!")).toEqual([]);
    // A malformed escape in the address asks for nothing it cannot name (and throws nothing).
    expect(early.screenRequests("/app/search/bad%E0%A4%A")).toEqual([]);
    expect(early.screenRequests("/app/agents/bad%E0%A4%A")).toEqual([]);
    expect(early.screenRequests("/app/agents/quick-answer/bad%E0%A4%A")).toEqual(["/agents"]);
    expect(early.screenRequests("/app/search")).toEqual([]);
    expect(early.screenRequests("/app/history")).toEqual([]);
    expect(early.screenRequests("/app")).toEqual([]);
  });
});

describe("fetchEarly", () => {
  it("asks for the screen's data once the session says someone is signed in", async () => {
    const { early, asked, release } = await setUp(SIGNED_IN);
    await expect(early.fetchEarly("/app/search/what-is-nexus-AbC123")).resolves.toBe(true);
    await settle();
    expect(asked).toEqual(["/me", "/threads/AbC123"]);

    // Still on its way: a look leaves it, the query takes the request itself, once.
    expect(early.peekEarly("/threads/AbC123")).not.toBeNull();
    expect(early.peekEarly("/threads/nope")).toBeNull();
    const pending = early.takeEarly<{ path: string }>("/threads/AbC123");
    expect(early.peekEarly("/threads/AbC123")).toBeNull();
    expect(pending).not.toBeNull();
    expect(early.takeEarly("/threads/AbC123")).toBeNull();
    release("/threads/AbC123");
    await expect(pending).resolves.toEqual({ path: "/threads/AbC123" });

    // Arrived: the session's first data, then nothing is left to take.
    expect(early.takeArrived("/me")).toEqual(SIGNED_IN);
    expect(early.takeArrived("/me")).toBeUndefined();
    expect(early.takeEarly("/me")).toBeNull();
    expect(asked).toEqual(["/me", "/threads/AbC123"]);
  });

  it("sends nothing but GET /api/me for an anonymous visitor", async () => {
    const { early, asked } = await setUp(ANONYMOUS);
    await expect(early.fetchEarly("/app/pdf-chat/D1/T1")).resolves.toBe(false);
    await settle();
    expect(asked).toEqual(["/me"]);
    expect(early.takeEarly("/agents")).toBeNull();
    expect(early.takeEarly("/documents/D1")).toBeNull();
  });

  it("starts nothing a query has asked for already", async () => {
    const { early, asked } = await setUp(SIGNED_IN);
    // The session asked first (no early request to take): the page load must not send another.
    expect(early.takeEarly("/me")).toBeNull();
    expect(early.takeArrived("/agents")).toBeUndefined();
    await expect(early.fetchEarly("/app/agents")).resolves.toBe(false);
    await settle();
    expect(asked).toEqual([]);
  });

  it("hands a failed request's failure to the query that takes it", async () => {
    const early = await withFailingServer();
    await expect(early.fetchEarly("/app/agents")).resolves.toBe(false);
    await settle();
    expect(early.takeArrived("/me")).toBeUndefined();
    await expect(early.takeEarly("/me")).rejects.toMatchObject({ status: 500 });
  });

  it("starts Discover's feed for anyone: the address's topic, else the default one", async () => {
    const { early, asked } = await setUp(ANONYMOUS);
    await expect(early.fetchEarly("/app/discover", "?topic=science")).resolves.toBe(false);
    await settle();
    expect(asked).toEqual(["/me", "/discover"]);
    expect(early.peekEarly("/discover?topic=science")).not.toBeNull();
    expect(early.publicRequests("/app/discover/", "?topic=%3Cx%3E")).toEqual([
      "/discover?topic=technology",
    ]);
    expect(early.publicRequests("/app/agents", "?topic=science")).toEqual([]);
  });
});

describe("earlySettled", () => {
  it("settles once GET /api/me and the screen's requests it started have their answers", async () => {
    const { early, release } = await setUp(SIGNED_IN);
    void early.fetchEarly("/app/agents/quick-answer/T1");
    let settled = false;
    void early.earlySettled().then(() => {
      settled = true;
    });
    await settle();
    // The catalogue and the thread are still on their way.
    expect(settled).toBe(false);
    release("/agents");
    await settle();
    expect(settled).toBe(false);
    release("/threads/T1");
    await settle();
    expect(settled).toBe(true);
  });

  it("settles on failures too, and at once when nothing was started", async () => {
    const early = await withFailingServer();
    await expect(early.earlySettled()).resolves.toBeUndefined();
    void early.fetchEarly("/app/discover", "");
    await expect(early.earlySettled()).resolves.toBeUndefined();
    await expect(early.takeEarly("/discover?topic=technology")).rejects.toMatchObject({
      status: 500,
    });
  });
});
