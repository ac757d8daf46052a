import { describe, expect, it } from "vitest";
import {
  ABORTED_MESSAGE,
  BUSY_MESSAGE,
  memoryMessage,
  RUN_CODE_LIMITS,
  runCode,
  runCodeSlotsInUse,
  runCodeTool,
  timeMessage,
} from "./run-code.ts";
import type { ToolContext } from "./tool-context.ts";

// Real worker threads and real QuickJS: each run starts a thread (through tsx from source).
const TIME = timeMessage(RUN_CODE_LIMITS);
const MEMORY = memoryMessage(RUN_CODE_LIMITS);

const timed = async (label: string, code: string, options?: Parameters<typeof runCode>[1]) => {
  const started = performance.now();
  const result = await runCode(code, options);
  const wall = Math.round(performance.now() - started);
  console.log(`[run-code] ${label}: ${result.durationMs} ms in the sandbox, ${wall} ms in all`);
  return result;
};

describe("runCode", () => {
  it("returns what was printed and the last expression's value", async () => {
    const result = await runCode(
      "console.log('hello', 42, { a: [1, 'x'] });\nconsole.error('oops');\nconst n = 6 * 7;\nn",
    );
    expect(result).toMatchObject({
      ok: true,
      stdout: 'hello 42 { a: [ 1, "x" ] }\noops\n',
      result: "42",
      error: null,
      truncated: false,
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect((await runCode("let x = 1")).result).toBeNull(); // undefined: no result
    expect((await runCode("'text'")).result).toBe('"text"');
    expect((await runCode("(async () => { await null; return [1, 2] })()")).result).toBe(
      "[ 1, 2 ]",
    );
  });

  it("runs a 1e6-iteration loop", async () => {
    const result = await timed("1e6 loop", "let s = 0; for (let i = 0; i < 1e6; i++) s += i; s");
    expect(result).toMatchObject({ ok: true, result: "499999500000" });
  });

  it("reports syntax and runtime errors with their line", async () => {
    const syntax = await runCode("let x = ;");
    expect(syntax.ok).toBe(false);
    expect(syntax.error).toMatch(/^SyntaxError: .+ \(line 1\)$/);
    const runtime = await runCode("console.log('before');\n\nnull.foo");
    expect(runtime).toMatchObject({ ok: false, stdout: "before\n", result: null });
    expect(runtime.error).toMatch(/^TypeError: .*foo.* \(line 3\)$/);
    const thrown = await runCode("throw new RangeError('too far')");
    expect(thrown.error).toBe("RangeError: too far (line 1)");
    const deep = await runCode("function f() { return f() }\nf()");
    expect(deep.ok).toBe(false);
    expect(deep.error).toMatch(/stack/i);
  });

  it("has no require, process, fetch or modules", async () => {
    const [kinds, required, processed, fetched, imported, staticImport] = await Promise.all(
      [
        "[typeof require, typeof process, typeof fetch, typeof globalThis.process, typeof setTimeout]",
        "require('fs')",
        "process.exit(1)",
        "fetch('http://127.0.0.1/')",
        "import('fs')",
        "import fs from 'fs'; fs",
      ].map((code) => runCode(code)),
    );
    expect(kinds?.result).toBe(
      '[ "undefined", "undefined", "undefined", "undefined", "undefined" ]',
    );
    expect(required?.ok).toBe(false);
    expect(required?.error).toMatch(/require.* is not defined/);
    expect(processed?.error).toMatch(/process.* is not defined/);
    expect(fetched?.error).toMatch(/fetch.* is not defined/);
    expect(imported?.ok).toBe(false);
    expect(imported?.error).toMatch(/could not load module 'fs'/);
    expect(staticImport?.ok).toBe(false);
  });

  it("cuts huge output and results", async () => {
    const printed = await runCode("for (let i = 0; i < 5000; i++) console.log('x'.repeat(100))");
    expect(printed.ok).toBe(true);
    expect(printed.truncated).toBe(true);
    expect(printed.stdout.endsWith("… output cut")).toBe(true);
    expect(printed.stdout.length).toBeLessThanOrEqual(RUN_CODE_LIMITS.maxOutput + 20);
    const big = await runCode("'y'.repeat(100000)");
    expect(big.truncated).toBe(true);
    expect(big.result?.length).toBeLessThanOrEqual(RUN_CODE_LIMITS.maxResult + 20);
    const circular = await runCode("const o = { n: 1 }; o.self = o; o");
    expect(circular.result).toBe("{ n: 1, self: [Circular] }");
  });

  it("stops an endless loop at the deadline while this thread stays responsive", async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const result = await timed("while(true){}", "while (true) {}").finally(() =>
      clearInterval(ticker),
    );
    expect(result).toMatchObject({ ok: false, error: TIME, result: null });
    expect(ticks).toBeGreaterThan(0);
    expect((await runCode("1 + 1")).result).toBe("2");
  });

  it("stops a memory bomb and the next run works", async () => {
    const result = await timed(
      "memory bomb",
      "let a = []; while (true) a.push(new Array(1e6).fill(1))",
    );
    expect(result.ok).toBe(false);
    expect([MEMORY, TIME]).toContain(result.error);
    const strings = await timed(
      "string bomb",
      "let a = []; while (true) a.push('z'.repeat(1e6) + a.length)",
    );
    expect([MEMORY, TIME]).toContain(strings.error);
    expect((await runCode("[1, 2, 3].map((n) => n * 2)")).result).toBe("[ 2, 4, 6 ]");
  });

  it("terminates a run the interpreter does not stop by the hard limit", async () => {
    // QuickJS's deadline later than the hard limit: only the parent's terminate() can end it.
    const limits = { deadlineMs: 30_000, hardMs: 1_000 };
    const result = await timed("hard kill", "while (true) {}", { limits });
    expect(result).toMatchObject({ ok: false, error: timeMessage(limits), result: null });
    expect((await runCode("'after'")).result).toBe('"after"');
  });

  it("stops a run when the turn is aborted", async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 1_500);
    const result = await runCode("while (true) {}", {
      signal: controller.signal,
      limits: { deadlineMs: 40_000, hardMs: 45_000 },
    }).finally(() => clearTimeout(timer));
    expect(result).toMatchObject({ ok: false, error: ABORTED_MESSAGE });
    const before = new AbortController();
    before.abort();
    expect((await runCode("1", { signal: before.signal })).error).toBe(ABORTED_MESSAGE);
  });

  it("runs at most the allowed number at once; the others wait their turn", async () => {
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, runCodeSlotsInUse());
    }, 20);
    const started = performance.now();
    const limits = { deadlineMs: 1_000, hardMs: 2_000, waitMs: 120_000 };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => runCode("while (true) {}", { limits })),
    ).finally(() => clearInterval(watch));
    console.log(`[run-code] 5 endless loops: ${Math.round(performance.now() - started)} ms`);
    for (const result of results)
      expect(result).toMatchObject({ ok: false, error: timeMessage(limits) });
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(RUN_CODE_LIMITS.concurrent);
    expect(runCodeSlotsInUse()).toBe(0);
    expect((await runCode("'still here'")).result).toBe('"still here"');
  });

  it("gives one person one slot at a time: another person runs while their second run waits", async () => {
    const a = new AbortController();
    const long = { deadlineMs: 40_000, hardMs: 45_000 };
    const first = runCode("while (true) {}", { owner: "person-a", signal: a.signal, limits: long });
    const second = runCode("while (true) {}", {
      owner: "person-a",
      signal: a.signal,
      limits: long,
    });
    // A's first run holds one slot until it is aborted; B's run gets the other one meanwhile.
    const b = await runCode("'b ran'", { owner: "person-b" });
    expect(b).toMatchObject({ ok: true, result: '"b ran"' });
    expect(runCodeSlotsInUse()).toBe(1);
    a.abort();
    expect(await first).toMatchObject({ ok: false, error: ABORTED_MESSAGE });
    expect(await second).toMatchObject({ ok: false, error: ABORTED_MESSAGE, durationMs: 0 });
    expect(runCodeSlotsInUse()).toBe(0);
  });

  it("answers busy, without running, when no slot comes free for the person in time", async () => {
    const hold = new AbortController();
    const long = { deadlineMs: 40_000, hardMs: 45_000 };
    const held = ["person-c", "person-d"].map((owner) =>
      runCode("while (true) {}", { owner, signal: hold.signal, limits: long }),
    );
    const noWait = { waitMs: 0 };
    for (const owner of ["person-e", "person-c"]) {
      const busy = await runCode("globalThis.ran = 1; 'ran'", { owner, limits: noWait });
      expect(busy).toEqual({
        ok: false,
        busy: true,
        stdout: "",
        result: null,
        error: BUSY_MESSAGE,
        durationMs: 0,
        truncated: false,
      });
    }
    hold.abort();
    for (const result of await Promise.all(held)) expect(result.error).toBe(ABORTED_MESSAGE);
    expect((await runCode("'free again'", { owner: "person-e", limits: noWait })).result).toBe(
      '"free again"',
    );
  });

  it("is a tool with a bounded input", async () => {
    const ctx = {
      signal: new AbortController().signal,
      caller: { user: null, anonId: "anon_1795000000000_aaaaaaaa", ip: "203.0.113.9" },
    } as ToolContext;
    const runTool = runCodeTool(ctx);
    const schema = runTool.inputSchema as { safeParse: (v: unknown) => { success: boolean } };
    expect(schema.safeParse({ code: "" }).success).toBe(false);
    expect(schema.safeParse({ code: "x".repeat(20_001) }).success).toBe(false);
    expect(schema.safeParse({ code: "1 + 1" }).success).toBe(true);
    expect(schema.safeParse({ code: "1 + 1", language: "python" }).success).toBe(true);
    expect(schema.safeParse({ code: "1 + 1", language: "ruby" }).success).toBe(false);
    const output = await runTool.execute?.(
      { code: "console.log(2 ** 10)", language: "javascript" },
      {
        toolCallId: "call-1",
        messages: [],
      },
    );
    expect(output).toMatchObject({ ok: true, stdout: "1024\n", result: null });
  });
});
