#!/usr/bin/env node
// The layer rules of ARCHITECTURE.md §1 and §3.1, checked over the import graph (part of `npm run check`):
//   layer         apps/server/src/{ai,jobs,integrations,lib} never import apps/server/src/modules
//   module        a module imports another module only through its *.service.ts, *.chat.ts or *.jobs.ts
//   middleware    apps/server/src/middleware imports a module only through its *.service.ts
//   feature       web features/<a> never imports features/<b>
//   shared        web components/, lib/, hooks/, config/ never import features/
//   cycle         no import cycle among runtime imports (server and web)
//   kind          no code branches on a chat kind's id (`x.kind === "agent"`, `case "research":` on a
//                 kind) outside that kind's own module (KIND_HOMES) and the registry (§3.1 "A kind
//                 is declared once": the others read the kind's declaration)
// Tests and test kits are left out (they may reach across layers to set things up).
// Imports are read with TypeScript's own parser (static, type-only, re-exports and dynamic import()).
// Usage: node scripts/check-layers.mjs [--root <repo>] [--types]
//   --types also lists the cycles that exist only through `import type` (reported, never failing).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { kindBranchesOf, kindHome, kindIds } from "./check-kinds.mjs";

/**
 * Known violations, each allowed only exactly (file and import, or a cycle's exact set of files);
 * a new violation, or one of these growing, fails the check. Each entry needs a reason and the
 * issue that removes it.
 */
const ALLOWED = [
  {
    rule: "type-cycle",
    // The composition root's type (Deps) holds the chat kind registry and runner, whose kinds and
    // turns take Deps: one mutually recursive type across these files, erased at run time. Goes
    // when the registry leaves Deps for a chat context of its own (issue 37, scope 3).
    files: [
      "apps/server/src/ai/chat/chat-kinds.ts",
      "apps/server/src/ai/chat/kind-declaration.ts",
      "apps/server/src/ai/chat/personal.ts",
      "apps/server/src/ai/chat/run-chat.ts",
      "apps/server/src/ai/chat/run-turn.ts",
      "apps/server/src/ai/chat/runners.ts",
      "apps/server/src/deps.ts",
    ],
  },
];

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const NOT_CHECKED = /(\.test\.|\.spec\.|-kit\.tsx?$|\.d\.ts$)/;
const SERVER = "apps/server/src/";
const WEB = "apps/web/src/";

/** Every checked source file under `dir` (relative to root, with forward slashes). */
function sourceFiles(root, dir) {
  const out = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    for (const name of readdirSync(abs)) {
      if (name === "node_modules" || name === "dist" || name === "test") continue;
      const child = `${rel}/${name}`;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else if (SOURCE.test(name) && !NOT_CHECKED.test(name)) out.push(child);
    }
  };
  walk(dir.replace(/\/$/, ""));
  return out;
}

/** Whether an import or export declaration brings in types only (erased at run time). */
function typeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false;
    if (clause.isTypeOnly) return true;
    if (clause.name) return false;
    const bindings = clause.namedBindings;
    return (
      !!bindings &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((e) => e.isTypeOnly)
    );
  }
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return (
      !!clause &&
      ts.isNamedExports(clause) &&
      clause.elements.length > 0 &&
      clause.elements.every((e) => e.isTypeOnly)
    );
  }
  return false;
}

/** The module specifiers a file imports: { spec, typeOnly }. */
export function importsOf(fileName, text) {
  const kind = fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ spec: node.moduleSpecifier.text, typeOnly: typeOnly(node) });
      return;
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ spec: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The repo-relative file a specifier names, or null for a package. */
function resolve(root, from, spec) {
  let base;
  if (spec.startsWith("./") || spec.startsWith("../"))
    base = path.posix.join(path.posix.dirname(from), spec);
  else if (spec.startsWith("@/") && from.startsWith(WEB)) base = `${WEB}${spec.slice(2)}`;
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  for (const c of candidates) {
    const abs = path.join(root, c);
    if (existsSync(abs) && statSync(abs).isFile()) return c;
  }
  return base;
}

const SERVER_LOWER = /^apps\/server\/src\/(ai|jobs|integrations|lib)\//;
const MODULE = /^apps\/server\/src\/modules\/([^/]+)\//;
const MIDDLEWARE = /^apps\/server\/src\/middleware\//;
const MODULE_ENTRY = /\.(service|chat|jobs)\.ts$/;
const FEATURE = /^apps\/web\/src\/features\/([^/]+)\//;
const WEB_SHARED = /^apps\/web\/src\/(components|lib|hooks|config)\//;

/** The rule an import breaks, or null. */
function ruleBroken(from, to) {
  if (SERVER_LOWER.test(from) && MODULE.test(to))
    return "layer: ai/, jobs/, integrations/ and lib/ never import modules/";
  if (MIDDLEWARE.test(from) && MODULE.test(to) && !/\.service\.ts$/.test(to))
    return "middleware: middleware/ imports a module only through its *.service.ts";
  const fromModule = MODULE.exec(from)?.[1];
  const toModule = MODULE.exec(to)?.[1];
  if (fromModule && toModule && fromModule !== toModule && !MODULE_ENTRY.test(to))
    return "module: another module is imported only through its *.service.ts (or *.chat.ts, *.jobs.ts)";
  const fromFeature = FEATURE.exec(from)?.[1];
  const toFeature = FEATURE.exec(to)?.[1];
  if (fromFeature && toFeature && fromFeature !== toFeature)
    return "feature: a web feature never imports another feature";
  if (WEB_SHARED.test(from) && toFeature)
    return "shared: components/, lib/, hooks/ and config/ never import features/";
  return null;
}

/** Strongly connected components with more than one file (or a file importing itself). */
function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  let next = 0;
  const strong = (v) => {
    // Iterative Tarjan (deep import chains would overflow recursion in big trees).
    const work = [[v, 0]];
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    while (work.length > 0) {
      const top = work[work.length - 1];
      const [node, i] = top;
      const edges = [...(graph.get(node) ?? [])];
      if (i < edges.length) {
        top[1]++;
        const w = edges[i];
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next);
          next++;
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), index.get(w)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          component.push(w);
        } while (w !== node);
        if (component.length > 1 || graph.get(node)?.has(node)) out.push(component.sort());
      }
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) strong(v);
  return out;
}

/** One concrete loop through a component, from its first file back to it. */
function loopThrough(graph, component) {
  const inside = new Set(component);
  const start = component[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const w of graph.get(node) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, node);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/** Every violation in the tree at `root`: { violations, typeCycles }. */
export function checkLayers(root) {
  const files = [...sourceFiles(root, SERVER), ...sourceFiles(root, WEB)];
  // Contracts are read for the kind rule only (they import nothing of ours but themselves).
  const contracts = sourceFiles(root, "packages/contracts/src/");
  const runtime = new Map();
  const all = new Map();
  const violations = [];
  for (const file of files) {
    runtime.set(file, new Set());
    all.set(file, new Set());
  }
  const kinds = kindIds(root);
  for (const file of [...files, ...contracts]) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const { kind, line } of kindBranchesOf(file, text, kinds)) {
      if (kindHome(file, kind)) continue;
      violations.push({
        file: `${file}:${line}`,
        import: `"${kind}"`,
        rule: "kind: only a kind's own module and the registry branch on its id; read its declaration",
      });
    }
  }
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const { spec, typeOnly: onlyTypes } of importsOf(file, text)) {
      const to = resolve(root, file, spec);
      if (!to) continue;
      const rule = ruleBroken(file, to);
      if (rule) {
        const name = rule.slice(0, rule.indexOf(":"));
        const allowed = ALLOWED.some((a) => a.rule === name && a.from === file && a.to === to);
        if (!allowed) violations.push({ file, import: to, rule });
      }
      if (!all.has(to)) continue;
      all.get(file).add(to);
      if (!onlyTypes) runtime.get(file).add(to);
    }
  }
  const allowedCycle = (component, rule = "cycle") =>
    ALLOWED.some(
      (a) =>
        a.rule === rule &&
        a.files.length === component.length &&
        a.files.every((f) => component.includes(f)),
    );
  const runtimeCycles = cycles(runtime);
  for (const component of runtimeCycles) {
    if (allowedCycle(component)) continue;
    const loop = loopThrough(runtime, component);
    violations.push({
      file: loop[0],
      import: loop[1],
      rule: `cycle: ${component.length} files import each other at run time: ${loop.join(" → ")}`,
    });
  }
  const runtimeKeys = new Set(runtimeCycles.map((c) => c.join("\n")));
  // A cycle through `import type` is erased at run time but still ties the files together (one
  // cannot be read, moved or tested without the others): it fails too, unless allowed exactly.
  const typeCycles = [];
  for (const component of cycles(all)) {
    if (runtimeKeys.has(component.join("\n"))) continue;
    const loop = loopThrough(all, component);
    if (allowedCycle(component, "type-cycle")) {
      typeCycles.push({ files: component, loop });
      continue;
    }
    violations.push({
      file: loop[0],
      import: loop[1],
      rule: `cycle: ${component.length} files import each other (through \`import type\`): ${loop.join(" → ")}`,
    });
  }
  return { violations, typeCycles, files: files.length };
}

/** What the command prints for the tree at `root`, and its exit code (the tests call this). */
export function report(root, args = []) {
  const { violations, typeCycles, files } = checkLayers(root);
  const out = [];
  for (const v of violations) out.push(`${v.file} → ${v.import} (${v.rule})`);
  if (typeCycles.length > 0) {
    const size = typeCycles.reduce((n, c) => n + c.files.length, 0);
    out.push(
      `check-layers: ${typeCycles.length} allowed import cycle(s) over ${size} files exist only through ` +
        "`import type` (each named in ALLOWED with its reason)" +
        (args.includes("--types") ? ":" : "; --types lists them"),
    );
    if (args.includes("--types"))
      for (const c of typeCycles) out.push(`  ${c.files.length} files: ${c.loop.join(" → ")}`);
  }
  if (violations.length > 0) {
    out.push(`check-layers: ${violations.length} violation(s) in ${files} files`);
    return { code: 1, out: out.join("\n") };
  }
  out.push(`check-layers: ${files} files, no violation`);
  return { code: 0, out: out.join("\n") };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf("--root");
  const root =
    rootAt >= 0 && args[rootAt + 1]
      ? path.resolve(args[rootAt + 1])
      : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { code, out } = report(root, args);
  console.log(out);
  if (code !== 0) process.exit(code);
}
