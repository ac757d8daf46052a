import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { report } from "../../../scripts/check-layers.mjs";

// scripts/check-layers.mjs (part of `npm run check`) run on small trees: clean, then with one
// violation of each rule planted.

const SCRIPT = fileURLToPath(new URL("../../../scripts/check-layers.mjs", import.meta.url));

/** A tree that keeps every rule. */
const CLEAN: Record<string, string> = {
  "apps/server/src/lib/ids.ts": "export const id = () => 1;\n",
  "apps/server/src/ai/tools/tool.ts":
    'import { id } from "../../lib/ids.ts";\nexport const t = id;\n',
  "apps/server/src/modules/files/files.repo.ts": "export const row = 1;\n",
  "apps/server/src/modules/files/files.service.ts":
    'import { row } from "./files.repo.ts";\nexport const save = () => row;\n',
  "apps/server/src/modules/agents/agents.service.ts":
    'import * as files from "../files/files.service.ts";\nimport { t } from "../../ai/tools/tool.ts";\nexport const run = () => [files.save(), t()];\n',
  // A test may reach anywhere (tests are not checked).
  "apps/server/src/lib/ids.test.ts": 'import { row } from "../modules/files/files.repo.ts";\n',
  "apps/web/src/lib/api-client.ts": "export const api = 1;\n",
  "apps/web/src/components/ui/button.tsx":
    'import { api } from "@/lib/api-client.ts";\nexport const B = api;\n',
  "apps/web/src/features/files/files-page.tsx":
    'import { B } from "@/components/ui/button.tsx";\nexport const F = B;\n',
  "apps/web/src/features/answer/answer-page.tsx":
    'import { B } from "../../components/ui/button.tsx";\nexport const A = B;\n',
  "apps/web/src/app/router.tsx":
    'import { F } from "@/features/files/files-page.tsx";\nimport { A } from "@/features/answer/answer-page.tsx";\nexport const r = [F, A];\n',
};

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(extra: Record<string, string> = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), "check-layers-"));
  roots.push(root);
  for (const [file, text] of Object.entries({ ...CLEAN, ...extra })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The check in this process (the command itself is run once, below). */
function check(root: string, args: string[] = []) {
  return report(root, args);
}

describe("check-layers", () => {
  it("as a command: prints the violations and exits 1, or says none and exits 0", () => {
    const command = (root: string) => {
      const run = spawnSync(process.execPath, [SCRIPT, "--root", root], { encoding: "utf8" });
      return { code: run.status, out: `${run.stdout}${run.stderr}` };
    };
    const broken = command(
      tree({
        "apps/server/src/lib/clock.ts":
          'import { save } from "../modules/files/files.service.ts";\nexport const c = save;\n',
      }),
    );
    expect(broken.out).toContain(
      "apps/server/src/lib/clock.ts → apps/server/src/modules/files/files.service.ts (layer:",
    );
    expect(broken.out).toContain("check-layers: 1 violation(s)");
    expect(broken.code).toBe(1);
    const clean = command(tree());
    expect(clean.out).toContain("no violation");
    expect(clean.code).toBe(0);
  });

  it("passes a clean tree", () => {
    const { code, out } = check(tree());
    expect(out).toContain("no violation");
    expect(code).toBe(0);
  });

  it.each([
    [
      "lib/ importing a module",
      "apps/server/src/lib/clock.ts",
      'import { save } from "../modules/files/files.service.ts";\nexport const c = save;\n',
      "apps/server/src/lib/clock.ts → apps/server/src/modules/files/files.service.ts (layer:",
    ],
    [
      "ai/ importing a module through `export … from`",
      "apps/server/src/ai/tools/other.ts",
      'export { save } from "../../modules/files/files.service.ts";\n',
      "apps/server/src/ai/tools/other.ts → apps/server/src/modules/files/files.service.ts (layer:",
    ],
    [
      "a module importing another's repo (type-only import included)",
      "apps/server/src/modules/agents/agents.repo.ts",
      'import type { row } from "../files/files.repo.ts";\nexport type R = typeof row;\n',
      "apps/server/src/modules/agents/agents.repo.ts → apps/server/src/modules/files/files.repo.ts (module:",
    ],
    [
      "a web feature importing another feature",
      "apps/web/src/features/answer/answer-files.tsx",
      'import { F } from "@/features/files/files-page.tsx";\nexport const X = F;\n',
      "apps/web/src/features/answer/answer-files.tsx → apps/web/src/features/files/files-page.tsx (feature:",
    ],
    [
      "shared web code importing a feature (a lazy import())",
      "apps/web/src/components/ui/menu.tsx",
      'export const load = () => import("../../features/files/files-page.tsx");\n',
      "apps/web/src/components/ui/menu.tsx → apps/web/src/features/files/files-page.tsx (shared:",
    ],
    [
      "middleware reaching past a module's service",
      "apps/server/src/middleware/session.ts",
      'import { row } from "../modules/files/files.repo.ts";\nexport const s = row;\n',
      "(middleware: middleware/ imports a module only through its *.service.ts)",
    ],
    [
      "a run-time import cycle",
      "apps/server/src/modules/files/files.repo.ts",
      'import { save } from "./files.service.ts";\nexport const row = 1;\nexport const again = save;\n',
      "(cycle: 2 files import each other at run time:",
    ],
  ])("fails on %s", (_name, file, text, expected) => {
    const { code, out } = check(tree({ [file]: text }));
    expect(out).toContain(expected);
    expect(code).toBe(1);
  });

  describe("kind", () => {
    const KINDS = {
      "packages/contracts/src/kind-paths.ts":
        'export const CHAT_KINDS = ["answer", "agent", "research"] as const;\n',
    };
    const RULE = "(kind: only a kind's own module and the registry branch on its id";

    it.each([
      [
        "a comparison on row.kind",
        "apps/server/src/modules/history/history.presenter.ts",
        'export const a = (row: { kind: string }) => row.kind === "agent";\n',
        1,
      ],
      [
        "a literal on the left, in the web",
        "apps/web/src/lib/link.ts",
        'export const a = (kind: string) => "research" !== kind;\n',
        1,
      ],
      [
        "a switch over a kind",
        "apps/server/src/lib/label.ts",
        'export function l(t: { chatKind: string }) {\n  switch (t.chatKind) {\n    case "answer":\n      return 1;\n    case "agent":\n      return 2;\n  }\n  return 0;\n}\n',
        2,
      ],
      [
        "a branch in contracts",
        "packages/contracts/src/turn.ts",
        'export const a = (t: { kind: string }) => t.kind === "answer";\n',
        1,
      ],
    ])("fails on %s", (_name, file, text, count) => {
      const { code, out } = check(tree({ ...KINDS, [file]: text }));
      expect(out).toContain(RULE);
      expect(out).toContain(`check-layers: ${count} violation(s)`);
      expect(code).toBe(1);
    });

    it("lets a kind's own module, its web feature and the registry branch on it", () => {
      const { code, out } = check(
        tree({
          ...KINDS,
          "apps/server/src/modules/agents/agents.service.ts":
            'export const a = (row: { kind: string }) => row.kind === "agent";\n',
          "apps/web/src/features/research/research.tsx":
            'export const a = (kind: string) => kind === "research";\n',
          "apps/server/src/chat-kinds.ts":
            'export const a = (kind: string) => kind === "answer";\n',
          // Not a kind: a share's kind, a comparison with another name, another word.
          "apps/server/src/lib/other.ts":
            'export const a = (s: { kind: string; focus: string }) => s.kind === "thread" || s.focus === "agent";\n',
        }),
      );
      expect(out).toContain("no violation");
      expect(code).toBe(0);
    });

    it("names another kind's branch in a kind's module", () => {
      const { code, out } = check(
        tree({
          ...KINDS,
          "apps/server/src/modules/agents/agents.service.ts":
            'export const a = (row: { kind: string }) => row.kind === "research";\n',
        }),
      );
      expect(out).toContain('apps/server/src/modules/agents/agents.service.ts:1 → "research"');
      expect(code).toBe(1);
    });
  });

  it("fails on a cycle made only of `import type`", () => {
    const { code, out } = check(
      tree({
        "apps/server/src/modules/files/files.repo.ts":
          'import type { save } from "./files.service.ts";\nexport const row = 1;\nexport type S = typeof save;\n',
      }),
    );
    expect(out).toContain(
      "(cycle: 2 files import each other (through `import type`): apps/server/src/modules/files/files.repo.ts → apps/server/src/modules/files/files.service.ts → apps/server/src/modules/files/files.repo.ts)",
    );
    expect(code).toBe(1);
  });

  it("passes this repository (the allow-list names each known violation exactly)", () => {
    const { code, out } = check(fileURLToPath(new URL("../../..", import.meta.url)));
    expect(out).toContain("no violation");
    expect(code).toBe(0);
  });
});
