import fs from "node:fs";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import {
  endWarmPython,
  memoryMessage,
  pyodideVersion,
  RUN_CODE_LIMITS,
  type RunCodeOptions,
  runCode,
  runCodeSlotsInUse,
  runCodeTool,
  timeMessage,
  warmPythonCount,
} from "./run-code.ts";
import type { ToolContext } from "./tool-context.ts";

// Real worker threads and the real Pyodide from node_modules (nothing is downloaded). Starting
// Pyodide takes seconds on a busy machine, so these tests share one person's warm interpreter
// where they can; no assertion here is about time.
const TIME = timeMessage(RUN_CODE_LIMITS);
const MEMORY = memoryMessage(RUN_CODE_LIMITS);
const SLOW = 180_000;

const py = (code: string, owner = "python-a", limits?: RunCodeOptions["limits"]) =>
  runCode(code, { language: "python", owner, limits });

afterAll(() => endWarmPython());

describe("runCode in Python", () => {
  it("uses the one Pyodide version the web's scratchpad loads", () => {
    const pkg = (name: string) =>
      JSON.parse(
        fs.readFileSync(new URL(`../../../../${name}/package.json`, import.meta.url), "utf8"),
      ).dependencies as Record<string, string>;
    expect(pkg("web").pyodide).toBe(pyodideVersion());
    expect(pkg("server").pyodide).toBe(pyodideVersion());
  });

  it(
    "prints, returns the last expression's repr and reports errors with their line",
    async () => {
      expect(await py("print(sum([1,2,3]))")).toMatchObject({
        ok: true,
        stdout: "6\n",
        result: null,
        error: null,
        truncated: false,
      });
      expect(await py("import math\nx = [n * n for n in range(4)]\nx, math.pi > 3")).toMatchObject({
        ok: true,
        result: "([0, 1, 4, 9], True)",
      });
      expect((await py("'text'")).result).toBe("'text'");
      expect((await py("print('a'); import sys; print('b', file=sys.stderr)")).stdout).toBe(
        "a\nb\n",
      );
      const runtime = await py("print('before')\n\ndef f():\n    return 1 / 0\nf()");
      expect(runtime).toMatchObject({ ok: false, stdout: "before\n", result: null });
      expect(runtime.error).toBe("ZeroDivisionError: division by zero (line 4)");
      expect((await py("x = (")).error).toMatch(/^SyntaxError: .+ \(line 1\)$/);
      expect((await py("import numpy")).error).toBe(
        "ModuleNotFoundError: No module named 'numpy' (the sandbox has Python's standard library only) (line 1)",
      );
      expect((await py("input('name? ')")).error).toMatch(/^EOFError: input\(\) cannot read/);
      expect(warmPythonCount()).toBe(1); // one interpreter served all of these
    },
    SLOW,
  );

  it(
    "starts every run afresh: names, files, imports and builtins of the last run are gone",
    async () => {
      const first = await py(
        "import builtins, os, json\nsecret = 41\nbuiltins.print = None\nos.environ['X'] = '1'\n" +
          "open('notes.txt', 'w').write('mine')\nopen('/tmp/t', 'w').write('t')\nimport csv\nos.getcwd()",
      );
      expect(first).toMatchObject({ ok: true, result: "'/scratch'" });
      const second = await py(
        "import os, sys\nprint('secret' in globals(), os.listdir('.'), os.listdir('/tmp'), " +
          "'X' in os.environ, 'csv' in sys.modules)",
      );
      expect(second).toMatchObject({ ok: true, stdout: "False [] [] False False\n" });
    },
    SLOW,
  );

  it(
    "stops an endless loop at the deadline with a clear message, and the next run works",
    async () => {
      const result = await py("n = 0\nwhile True:\n    n += 1");
      expect(result).toMatchObject({ ok: false, error: TIME, result: null });
      expect((await py("print('after')")).stdout).toBe("after\n");
      // Code that catches the interrupt is ended by the hard limit.
      const stubborn = await py(
        "while True:\n    try:\n        while True: pass\n    except KeyboardInterrupt:\n        pass",
        "python-a",
        { deadlineMs: 1_000, hardMs: 2_000 },
      );
      expect(stubborn).toMatchObject({ ok: false, error: timeMessage({ deadlineMs: 1_000 }) });
      expect((await py("6 * 7")).result).toBe("42");
      expect(runCodeSlotsInUse()).toBe(0);
    },
    SLOW,
  );

  it(
    "refuses a 1 GB allocation and a growing list, and the next run works",
    async () => {
      expect(await py("x = bytearray(1024 ** 3)")).toMatchObject({ ok: false, error: MEMORY });
      expect(await py("a = []\nwhile True:\n    a.append(' ' * 1_000_000)")).toMatchObject({
        ok: false,
        error: MEMORY,
      });
      expect((await py("len(bytearray(8 * 1024 * 1024))")).result).toBe("8388608");
    },
    SLOW,
  );

  it(
    "has no network: sockets, urllib and HTTP fail and nothing reaches a listening port",
    async () => {
      let connections = 0;
      const server = net.createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as net.AddressInfo;
      try {
        const socket = await py('import socket; socket.create_connection(("127.0.0.1", 80))');
        expect(socket.ok).toBe(false);
        expect(socket.error).toMatch(/^OSError: .*Network is unreachable/);
        const raw = await py(
          `import socket\ns = socket.socket(socket.AF_INET, socket.SOCK_STREAM)\n` +
            `s.setblocking(False)\ntry:\n    socket.socket.__mro__[1].connect(s, ("127.0.0.1", ${port}))\n` +
            `except BlockingIOError:\n    pass\ns.send(b"GET / HTTP/1.0\\r\\n\\r\\n")`,
        );
        expect(raw.ok).toBe(false);
        const http = await py(
          `import urllib.request\nurllib.request.urlopen("http://127.0.0.1:${port}/", timeout=1)`,
        );
        expect(http.ok).toBe(false);
        expect(http.error).toMatch(/URLError/);
        const client = await py(
          `import http.client\nhttp.client.HTTPConnection("127.0.0.1", ${port}).request("GET", "/")`,
        );
        expect(client.ok).toBe(false);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(connections).toBe(0);
      } finally {
        server.close();
      }
    },
    SLOW,
  );

  it(
    "reaches neither the host's files, processes and environment nor JavaScript's",
    async () => {
      const probes: [string, RegExp][] = [
        ["open('/etc/passwd').read()", /^FileNotFoundError/],
        ["import os; os.listdir('/proc/self/cwd')", /^(FileNotFoundError|OSError|NotADirectory)/],
        ["import subprocess; subprocess.run(['ls'])", /^OSError: .*does not support processes/],
        ["import os; os.system('ls'); os.fork()", /^(OSError|AttributeError)/],
        ["import js; js.process", /^AttributeError/],
        ["import js; js.require('fs')", /^AttributeError/],
        ["import js; js.fetch", /^AttributeError/],
        ["from pyodide.code import run_js; run_js('process')", /^ImportError/],
        ["import pyodide_js; pyodide_js._api.loadBinaryFile('/etc/passwd')", /^AttributeError/],
        ["import pyodide_js; pyodide_js._module.FS", /^AttributeError/],
        ["import pyodide_js; pyodide_js.mountNodeFS('/mnt', '/')", /^TypeError/],
        ["import pyodide_js; pyodide_js.loadPackage('numpy')", /^TypeError/],
        ["import pyodide_js; pyodide_js.useNodeSockFS()", /^TypeError/],
        ["import pyodide_js; pyodide_js.setInterruptBuffer(None)", /^TypeError/],
        [
          "import pyodide_js\nfs = pyodide_js.FS\nfs.mount(fs.filesystems.NODEFS, {'root': '/'}, '/mnt')",
          /^AttributeError: NODEFS/,
        ],
        [
          "from pyodide.ffi import to_js\nto_js([1]).constructor.constructor('return process')()",
          /Generating code from strings is not available/,
        ],
        [
          "from pyodide.ffi import create_proxy\np = create_proxy(lambda: 1)\n" +
            "type(p).__name__, p.constructor.constructor('return globalThis')()",
          /Generating code from strings is not available/,
        ],
      ];
      for (const [code, error] of probes) {
        const result = await py(code);
        expect(result.ok, code).toBe(false);
        expect(result.error, code).toMatch(error);
      }
      const environment = await py("import os; sorted(os.environ)");
      // Pyodide's own few variables, none of the server's.
      expect(environment.result).toBe(
        "['HOME', 'LANG', 'LD_LIBRARY_PATH', 'LOGNAME', 'PATH', 'PWD', 'PYTHONINSPECT', 'USER', '_']",
      );
      const root = await py("import os; sorted(os.listdir('/'))");
      expect(root.result).toBe("['dev', 'home', 'lib', 'proc', 'scratch', 'tmp']");
    },
    SLOW,
  );

  it(
    "leaves Python no way to the host among the JavaScript objects it can reach",
    async () => {
      // A walk over what Python reaches (the js module, the API object, converted values and
      // proxies, 3 levels deep), looking for the host's ways in; and the API object's own
      // properties, non-enumerable ones included: only API_KEPT's are left.
      const walk = await py(
        `import js, pyodide_js
from pyodide.ffi import JsProxy, to_js, create_proxy
DANGER = {"process", "require", "NODEFS", "NODERAWFS", "mountNodeFS", "mountNativeFS",
          "useNodeSockFS", "loadBinaryFile", "loadDynlib", "_module", "_api", "child_process",
          "fetch", "WebSocket", "loadPackage", "eval", "globalThis", "Module", "SOCKFS",
          "setInterruptBuffer", "initializeNodeSockFS"}
queue = [("js", js, 0), ("pyodide_js", pyodide_js, 0), ("array", to_js([1]), 0),
         ("proxy", create_proxy(lambda: 1), 0), ("object", to_js({"a": 1}), 0)]
seen, found = set(), []
while queue:
    path, obj, depth = queue.pop(0)
    if not isinstance(obj, JsProxy) or obj.js_id in seen:
        continue
    seen.add(obj.js_id)
    try:
        names = [n for n in dir(obj) if not n.startswith("__")]
    except BaseException:
        continue
    for n in names:
        try:
            v = getattr(obj, n)
        except BaseException:
            continue
        if n in DANGER and v is not None:
            found.append(path + "." + n)
        if depth < 3 and isinstance(v, JsProxy):
            queue.append((path + "." + n, v, depth + 1))
Object = to_js({}).constructor
left = sorted(n for n in Object.getOwnPropertyNames(pyodide_js)
              if getattr(pyodide_js, n, None) is not None)
print(len(seen) > 100, found)
left`,
        "python-a",
        { deadlineMs: 30_000, hardMs: 40_000 },
      );
      expect(walk).toMatchObject({ ok: true, stdout: "True []\n" });
      expect(walk.result).toBe(
        "['ERRNO_CODES', 'FS', 'PATH', 'checkInterrupt', 'ffi', 'globals', 'length', " +
          "'loadedPackages', 'name', 'pyimport', 'registerJsModule', 'runPython', " +
          "'runPythonAsync', 'toPy', 'unregisterJsModule', 'version']",
      );
    },
    SLOW,
  );

  it(
    "keeps a warm interpreter for one person only: another person's run starts clean",
    async () => {
      expect((await py("import json\njson.left_behind = 'a'\n1", "python-a")).ok).toBe(true);
      // The same person keeps what their code did to a loaded module…
      expect((await py("import json; hasattr(json, 'left_behind')", "python-a")).result).toBe(
        "True",
      );
      // …someone else never sees it.
      expect((await py("import json; hasattr(json, 'left_behind')", "python-b")).result).toBe(
        "False",
      );
      expect(warmPythonCount()).toBeLessThanOrEqual(2);
    },
    SLOW,
  );

  it(
    "cuts huge output and results, and is the tool's python language",
    async () => {
      const printed = await py("for i in range(5000):\n    print('x' * 100)");
      expect(printed).toMatchObject({ ok: true, truncated: true });
      expect(printed.stdout.endsWith("… output cut")).toBe(true);
      expect(printed.stdout.length).toBeLessThanOrEqual(RUN_CODE_LIMITS.maxOutput + 20);
      const big = await py("'y' * 100000");
      expect(big.truncated).toBe(true);
      expect(big.result?.length).toBeLessThanOrEqual(RUN_CODE_LIMITS.maxResult + 20);
      const ctx = {
        signal: new AbortController().signal,
        caller: { user: null, anonId: "anon_1795000000000_pythonaa", ip: "203.0.113.9" },
      } as ToolContext;
      const output = await runCodeTool(ctx).execute?.(
        { code: "print(2 ** 10)", language: "python" },
        { toolCallId: "call-py", messages: [] },
      );
      expect(output).toMatchObject({ ok: true, stdout: "1024\n", result: null });
    },
    SLOW,
  );
});
