import { MAX_QUERY_CHARS } from "@nexus/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { composeTutorMessage, outcomeNotice } from "./python-messages.ts";
import { missingSupport } from "./python-runner.ts";

describe("outcomeNotice", () => {
  it("says nothing about a run that ended normally, unless its output was cut", () => {
    expect(outcomeNotice({ kind: "ok", truncated: false })).toBeNull();
    expect(outcomeNotice({ kind: "ok", truncated: true })?.text).toBe(
      "The output was cut after 20,000 characters.",
    );
  });

  it("explains a missing package: only the standard library is here (by the top module)", () => {
    const notice = outcomeNotice({
      kind: "error",
      error: { type: "ModuleNotFoundError", module: "numpy.linalg" },
      truncated: false,
    });
    expect(notice?.tone).toBe("warning");
    expect(notice?.text).toMatch(
      /^There is no module named "numpy" here\. Python in your browser has the standard library only/,
    );
  });

  it("explains that input() cannot read the keyboard, with what to do instead", () => {
    const notice = outcomeNotice({
      kind: "error",
      error: { type: "InputNotSupportedError", module: null },
      truncated: false,
    });
    expect(notice?.text).toBe(
      'input() cannot read from the keyboard here. Put the value in the code instead, for example: name = "Ada".',
    );
  });

  it("names any other exception and points to the traceback", () => {
    const notice = outcomeNotice({
      kind: "error",
      error: { type: "NameError", module: null },
      truncated: false,
    });
    expect(notice).toEqual({
      tone: "danger",
      text: "Your code raised NameError: the traceback above shows where. Send it to the tutor if you want help with it.",
    });
    expect(
      outcomeNotice({
        kind: "error",
        error: { type: "InternalError", module: null },
        truncated: false,
      })?.text,
    ).toBe(
      "Python itself stopped while running this code (it may have run out of memory). Python starts again on the next run.",
    );
  });

  it("says a run was stopped, by the time limit or by the person", () => {
    expect(outcomeNotice({ kind: "timeout", limitMs: 10_000 })?.text).toBe(
      "Stopped: the code ran longer than 10 seconds (an endless loop?). Python starts again on the next run.",
    );
    expect(outcomeNotice({ kind: "timeout", limitMs: 2_500 })?.text).toContain("2.5 seconds");
    expect(outcomeNotice({ kind: "stopped" })?.text).toBe(
      "Stopped. Python starts again on the next run.",
    );
  });

  it("says why Python cannot run: no WebAssembly, no workers, or files that did not load", () => {
    expect(outcomeNotice({ kind: "unavailable", reason: "no-webassembly" })?.text).toMatch(
      /^Python cannot run in this browser: it does not support WebAssembly/,
    );
    expect(outcomeNotice({ kind: "unavailable", reason: "no-worker" })?.text).toMatch(
      /^Python cannot run in this browser: it does not support web workers/,
    );
    expect(
      outcomeNotice({ kind: "unavailable", reason: "load-failed", detail: "HTTP 404" })?.text,
    ).toBe(
      "Python could not be loaded: its files did not download or start (HTTP 404). Check your connection and press Run again.",
    );
  });
});

describe("missingSupport", () => {
  it("needs WebAssembly and workers", () => {
    expect(missingSupport({ WebAssembly: {}, Worker: class {} })).toBeNull();
    expect(missingSupport({ Worker: class {} })).toBe("no-webassembly");
    expect(missingSupport({ WebAssembly: {} })).toBe("no-worker");
  });
});

describe("composeTutorMessage", () => {
  it("puts the code and its output in fenced blocks", () => {
    expect(
      composeTutorMessage({
        code: "print(sum(range(10)))\n",
        output: "45\n",
        outcome: { kind: "ok", truncated: false },
      }),
    ).toBe(
      "I ran this code:\n\n```python\nprint(sum(range(10)))\n```\n\nOutput:\n\n```text\n45\n```",
    );
  });

  it("says when nothing was printed, and how a run ended that did not finish", () => {
    expect(
      composeTutorMessage({
        code: "while True: pass",
        output: "",
        outcome: { kind: "timeout", limitMs: 10_000 },
      }),
    ).toBe(
      "I ran this code:\n\n```python\nwhile True: pass\n```\n\nIt printed nothing.\n\nStopped: the code ran longer than 10 seconds (an endless loop?).",
    );
    const failed = composeTutorMessage({
      code: "import numpy",
      output: "Traceback (most recent call last):\nModuleNotFoundError: No module named 'numpy'\n",
      outcome: {
        kind: "error",
        error: { type: "ModuleNotFoundError", module: "numpy" },
        truncated: false,
      },
    });
    expect(failed).toContain("```text\nTraceback (most recent call last):\nModuleNotFoundError");
    expect(failed.endsWith('There is no module named "numpy" here.')).toBe(true);
  });

  it("uses a longer fence when the code or output holds backticks", () => {
    const message = composeTutorMessage({
      code: 'print("```")',
      output: "```\n",
      outcome: { kind: "ok", truncated: false },
    });
    expect(message).toBe(
      'I ran this code:\n\n````python\nprint("```")\n````\n\nOutput:\n\n````text\n```\n````',
    );
  });

  it("stays within the chat's message limit, shortening long code and output", () => {
    const message = composeTutorMessage({
      code: "x = 1\n".repeat(2000),
      output: "0123456789\n".repeat(2000),
      outcome: { kind: "ok", truncated: true },
    });
    expect(message.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
    expect(message).toContain("… (code shortened)");
    expect(message).toContain("… (output shortened)");
    const backticks = composeTutorMessage({
      code: `${"`".repeat(40)}\n`.repeat(300),
      output: `${"`".repeat(40)}\n`.repeat(300),
      outcome: { kind: "stopped" },
    });
    expect(backticks.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
  });
});

describe("in the interface's language", () => {
  afterEach(() => activateLocale("en"));

  it("tells how a run ended, and hands the tutor the run, in French (durations and numbers by Intl)", async () => {
    await activateLocale("fr");
    expect(outcomeNotice({ kind: "timeout", limitMs: 2_500 })?.text).toBe(
      "Arrêté : le code a tourné plus de 2,5 secondes (une boucle infinie ?). Python redémarre à la prochaine exécution.",
    );
    expect(outcomeNotice({ kind: "ok", truncated: true })?.text).toBe(
      "La sortie a été coupée après 20\u202f000 caractères.",
    );
    expect(
      composeTutorMessage({
        code: "while True: pass",
        output: "",
        outcome: { kind: "timeout", limitMs: 10_000 },
      }),
    ).toBe(
      "J’ai exécuté ce code :\n\n```python\nwhile True: pass\n```\n\nIl n’a rien affiché.\n\nArrêté : le code a tourné plus de 10 secondes (une boucle infinie ?).",
    );
  });
});
