import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

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

function check(root: string) {
  const run = spawnSync(process.execPath, [SCRIPT, "--root", root], { encoding: "utf8" });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

describe("check-layers", () => {
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

  it("reports a cycle made only of `import type` without failing", () => {
    const { code, out } = check(
      tree({
        "apps/server/src/modules/files/files.repo.ts":
          'import type { save } from "./files.service.ts";\nexport const row = 1;\nexport type S = typeof save;\n',
      }),
    );
    expect(out).toContain("1 import cycle(s) over 2 files exist only through `import type`");
    expect(code).toBe(0);
  });

  it("passes this repository (the allow-list names each known violation exactly)", () => {
    const { code, out } = check(fileURLToPath(new URL("../../..", import.meta.url)));
    expect(out).toContain("no violation");
    expect(code).toBe(0);
  });
});
