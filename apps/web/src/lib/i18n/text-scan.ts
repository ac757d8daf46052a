import ts from "typescript";

/**
 * The scan of `npm run check` (scripts/check-catalogues.ts, issue 42 scope 4): text a component
 * shows that is not from the catalogues. JSX text with a letter in it, and the user-facing
 * attributes (aria-label, title, placeholder, alt) given as a literal, are findings; text from
 * `t(…)`, a variable or a prop is not. Not imported by the app.
 */

export interface Finding {
  line: number;
  text: string;
}

const ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt"]);
/** A letter of any script (a finding must say something: "·", "—", "%" and "3" say nothing). */
const LETTER = /\p{L}/u;
/** Names that read the same in every language. */
export const PROPER_NOUNS: ReadonlySet<string> = new Set([
  "Nexus",
  "GitHub",
  "Markdown",
  "PDF",
  "DOCX",
  "JSON",
  "ZIP",
  "Python",
  "JavaScript",
]);

/** An address shown as an example ("https://…"): the same in every language. */
const ADDRESS = /^https?:\/\/\S*$/;

const says = (text: string) => {
  const trimmed = text.replace(/\s+/g, " ").trim();
  return LETTER.test(trimmed) && !PROPER_NOUNS.has(trimmed) && !ADDRESS.test(trimmed)
    ? trimmed
    : null;
};

/** A literal string an attribute is given: `title="…"`, `title={"…"}`, `title={`…`}`. */
function literalOf(initializer: ts.JsxAttributeValue | undefined): string | null {
  if (!initializer) return null;
  if (ts.isStringLiteral(initializer)) return initializer.text;
  if (ts.isJsxExpression(initializer) && initializer.expression) {
    const expression = initializer.expression;
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
      return expression.text;
  }
  return null;
}

/** The findings of one .tsx file's source, in order. */
export function scanSource(fileName: string, source: string): Finding[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    false,
    ts.ScriptKind.TSX,
  );
  const findings: Finding[] = [];
  const add = (node: ts.Node, text: string | null) => {
    if (text === null) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    findings.push({ line: line + 1, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, says(node.text));
    else if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText(file))) {
      const literal = literalOf(node.initializer);
      if (literal !== null) add(node, says(literal));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

/**
 * The scan over files (path → source, paths relative to apps/web/src): findings outside the
 * allow-list are problems, and so is an allow-list entry with nothing left to allow (the list
 * only shrinks). An entry is a file or a folder ending in "/".
 */
export function scanTexts(options: {
  files: ReadonlyMap<string, string>;
  allowed: readonly string[];
}): string[] {
  const problems: string[] = [];
  const used = new Set<string>();
  for (const [file, source] of options.files) {
    if (!file.endsWith(".tsx") || /\.test\.tsx$/.test(file)) continue;
    const findings = scanSource(file, source);
    if (findings.length === 0) continue;
    const entry = options.allowed.find((each) =>
      each.endsWith("/") ? file.startsWith(each) : file === each,
    );
    if (entry) {
      used.add(entry);
      continue;
    }
    for (const finding of findings)
      problems.push(`${file}:${finding.line}: "${finding.text}" is not from the catalogues`);
  }
  for (const entry of options.allowed) {
    if (!used.has(entry))
      problems.push(`${entry}: allowed untranslated, but has no text left: take it off the list`);
  }
  return problems;
}
