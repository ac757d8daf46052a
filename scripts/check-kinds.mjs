// The kind rule of scripts/check-layers.mjs (ARCHITECTURE §3.1): outside a kind's own module, its
// web feature and the registry, no code branches on a kind's id; it reads the kind's declaration.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const SERVER = "apps/server/src/";
const WEB = "apps/web/src/";

/**
 * Where each shipped kind (contracts kinds.ts CHAT_KINDS) is declared and may branch on its own
 * id: its server module(s) and its web feature. Every other file reads the declarations.
 */
const KIND_HOMES = {
  answer: ["modules/answer", "features/answer"],
  agent: ["modules/agents", "modules/custom-agents", "features/agents"],
  document: ["modules/documents", "features/documents"],
  research: ["modules/research", "features/research"],
  nexdocs: ["modules/nexdocs", "features/nexdocs"],
  extraction: ["modules/extraction", "features/extraction"],
};
/** The registries of kinds: list them, may name them (the server's; the web's labels). */
const KIND_REGISTRY = ["apps/server/src/chat-kinds.ts", "apps/web/src/lib/kind-labels.ts"];
const KINDS_FILE = "packages/contracts/src/kind-paths.ts";

/**
 * The shipped kinds' ids, read from contracts' CHAT_KINDS. A tree without the file has none (a
 * test's made-up tree); a file without the list throws: a check that finds no kinds checks nothing.
 */
export function kindIds(root) {
  const file = path.join(root, KINDS_FILE);
  if (!existsSync(file)) return [];
  const list = /CHAT_KINDS\s*=\s*\[([^\]]*)\]/.exec(readFileSync(file, "utf8"))?.[1];
  const ids = [...(list ?? "").matchAll(/"([a-z][a-z0-9-]*)"/g)].map((m) => m[1]);
  if (ids.length === 0) throw new Error(`check-kinds: no CHAT_KINDS list in ${KINDS_FILE}`);
  return ids;
}

/** Whether an expression names a kind: `kind`, `row.kind`, `thread.chatKind`… */
function namesKind(node) {
  let name = null;
  if (ts.isIdentifier(node)) name = node.text;
  else if (ts.isPropertyAccessExpression(node)) name = node.name.text;
  else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
    name = node.argumentExpression.text;
  return name !== null && /kind$/i.test(name);
}

/** Whether `file` may branch on `kind`: its own module or feature, or the registry. */
export function kindHome(file, kind) {
  if (KIND_REGISTRY.includes(file)) return true;
  return (KIND_HOMES[kind] ?? []).some(
    (home) =>
      file.startsWith(`${SERVER}${home}/`) ||
      file.startsWith(`${WEB}${home}/`) ||
      file === `${SERVER}${home}.ts`,
  );
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** The branches on a kind literal in a file: [{ kind, line }]. */
export function kindBranchesOf(fileName, text, kinds) {
  if (kinds.length === 0 || !kinds.some((k) => text.includes(`"${k}"`) || text.includes(`'${k}'`)))
    return [];
  const scriptKind = fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind);
  const found = [];
  const literal = (node) =>
    ts.isStringLiteralLike(node) && kinds.includes(node.text) ? node.text : null;
  const at = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const left = literal(node.left);
      const right = literal(node.right);
      if (left && namesKind(node.right)) found.push({ kind: left, line: at(node) });
      if (right && namesKind(node.left)) found.push({ kind: right, line: at(node) });
    }
    if (ts.isSwitchStatement(node) && namesKind(node.expression)) {
      for (const clause of node.caseBlock.clauses) {
        const kind = ts.isCaseClause(clause) ? literal(clause.expression) : null;
        if (kind) found.push({ kind, line: at(clause) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
