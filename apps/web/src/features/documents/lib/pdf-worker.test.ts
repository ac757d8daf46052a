import { afterEach, describe, expect, it, vi } from "vitest";

/** A stand-in for the browser's Worker (jsdom has none) that records what it was made with. */
class FakeWorker {
  static made: FakeWorker[] = [];
  terminated = false;
  constructor(
    readonly url: string,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

async function freshModule() {
  vi.resetModules();
  FakeWorker.made = [];
  vi.stubGlobal("Worker", FakeWorker);
  return import("./pdf-worker.ts");
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the tab's pdf.js worker", () => {
  it("starts once, as a module worker of pdf.js's worker script, and the viewer takes that one", async () => {
    const workers = await freshModule();
    const early = workers.pdfWorker();
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]?.url).toBe(workers.pdfWorkerUrl);
    expect(FakeWorker.made[0]?.options).toEqual({ type: "module" });
    expect(workers.takePdfWorker()).toBe(early);
    expect(workers.pdfWorker()).toBe(early);
    // Taken: it serves the tab's PDFs from now on and is not stopped.
    workers.stopUnusedPdfWorker();
    expect(FakeWorker.made[0]?.terminated).toBe(false);
    expect(FakeWorker.made).toHaveLength(1);
  });

  it("stops a worker started early that no viewer took, and starts a new one when one is asked for", async () => {
    const workers = await freshModule();
    workers.pdfWorker();
    workers.stopUnusedPdfWorker();
    expect(FakeWorker.made[0]?.terminated).toBe(true);
    const next = workers.takePdfWorker();
    expect(FakeWorker.made).toHaveLength(2);
    expect(next).toBe(FakeWorker.made[1]);
  });

  it("is nothing where there are no workers", async () => {
    vi.resetModules();
    vi.stubGlobal("Worker", undefined);
    const workers = await import("./pdf-worker.ts");
    expect(workers.pdfWorker()).toBeNull();
    expect(workers.takePdfWorker()).toBeNull();
  });
});
