import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Each table of packages/db/src/schema is written (insert, update, delete) by one part of the
// server only (ARCHITECTURE.md §3.1, §4: "a tool that stores something calls that module's
// service"). A part is a module (modules/<name>) or a top folder of src (jobs, integrations, …).
// Writes are found in the source text: Drizzle's .insert(t)/.update(t)/.delete(t) and raw SQL
// `insert into t`, `update t`, `delete from t`; comments are left out.

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const SRC = path.join(ROOT, "apps/server/src");

/**
 * Second writers still to move, each with its reason. The test fails if one grows or is gone
 * (then remove it here).
 */
const KNOWN_SECOND_WRITERS: Record<string, { part: string; reason: string }> = {};

/** SQL table name of each Drizzle table export. */
function tables(): Map<string, string> {
  const dir = path.join(ROOT, "packages/db/src/schema");
  const out = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    const text = readFileSync(path.join(dir, name), "utf8");
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*"(\w+)"/g))
      if (m[1] && m[2]) out.set(m[1], m[2]);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    if (statSync(abs).isDirectory()) return sourceFiles(abs);
    return /\.(ts|mjs)$/.test(name) && !/\.test\.|-kit\.ts$/.test(name) ? [abs] : [];
  });
}

/** The part a file belongs to: modules/<name>, or the top folder of src (or the file itself). */
function partOf(rel: string): string {
  const [top, second] = rel.split("/");
  if (top === "modules" && second) return `modules/${second}`;
  return rel.includes("/") ? (top ?? rel) : rel;
}

/** table → part → files that write it. */
function writers(): Map<string, Map<string, string[]>> {
  const byExport = tables();
  const sqlNames = new Set(byExport.values());
  const out = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SRC)) {
    const rel = path.relative(SRC, file).split(path.sep).join("/");
    const text = readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
    const written = new Set<string>();
    for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(?:schema\.)?(\w+)\s*\)/g)) {
      const table = m[1] ? byExport.get(m[1]) : undefined;
      if (table) written.add(table);
    }
    for (const m of text.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi))
      if (m[1] && sqlNames.has(m[1])) written.add(m[1]);
    for (const table of written) {
      const parts = out.get(table) ?? new Map<string, string[]>();
      out.set(table, parts);
      const part = partOf(rel);
      parts.set(part, [...(parts.get(part) ?? []), rel]);
    }
  }
  return out;
}

describe("one writer per table", () => {
  const found = writers();

  it("finds the writes (the scan sees the tables it must)", () => {
    // A scan that saw nothing would pass every check below.
    expect([...(found.get("files")?.keys() ?? [])]).toContain("modules/files");
    expect([...(found.get("sign_in_tokens")?.keys() ?? [])]).toContain("modules/auth");
    expect(found.size).toBeGreaterThanOrEqual(20);
  });

  it("each table has one writing part (besides the listed ones still to move)", () => {
    const shared: string[] = [];
    for (const [table, parts] of found) {
      const known = KNOWN_SECOND_WRITERS[table];
      const others = [...parts.keys()].filter((p) => p !== known?.part);
      if (others.length > 1 || (known && others.length === parts.size))
        shared.push(`${table}: ${[...parts.values()].flat().join(", ")}`);
    }
    expect(shared).toEqual([]);
  });

  it("generated images, sign-in links and history are written by their own modules", () => {
    expect([...(found.get("files")?.keys() ?? [])]).toEqual(["modules/files"]);
    expect([...(found.get("sign_in_tokens")?.keys() ?? [])]).toEqual(["modules/auth"]);
    expect([...(found.get("search_history")?.keys() ?? [])]).toEqual(["modules/history"]);
  });
});
