import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

/**
 * The catalogue check (scripts/check-catalogues.ts, in `npm run check`): every locale has exactly
 * English's keys (the English catalogue's and the spec strings', `spec.<key>`), every message
 * parses as ICU, a message's placeholders are English's, and a plural names every category its
 * language has (Arabic: zero, one, two, few, many, other). Not imported by the app.
 */

export type Catalogue = Readonly<Record<string, unknown>>;

const SPEC = "spec.";
const CHOICE_TYPES = new Set(["plural", "selectordinal", "select"]);

interface Shape {
  /** "count:plural", "title" … sorted, without duplicates. */
  args: string[];
  /** Each plural's categories (for the language's own categories). */
  plurals: Array<{ arg: string; cases: string[] }>;
}

function shapeOf(message: CompiledMessage): Shape {
  const args = new Set<string>();
  const plurals: Shape["plurals"] = [];
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === "string") continue;
      const [name, type, format] = token;
      args.add(type ? `${name}:${type}` : name);
      if (type && CHOICE_TYPES.has(type) && format && typeof format === "object") {
        const cases = Object.entries(format as Record<string, unknown>).filter(
          ([key, value]) => key !== "offset" && Array.isArray(value),
        );
        if (type === "plural") plurals.push({ arg: name, cases: cases.map(([key]) => key) });
        for (const [, value] of cases) walk(value as CompiledMessage);
      }
    }
  };
  walk(message);
  return { args: [...args].sort(), plurals };
}

function parse(message: unknown): { shape: Shape } | { error: string } {
  if (typeof message !== "string") return { error: "is not a string" };
  try {
    return { shape: shapeOf(compileMessageOrThrow(message)) };
  } catch (error) {
    return { error: `does not parse: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The problems, one line each ("de: nav.home is missing"); none: the catalogues are sound. */
export function checkCatalogues(options: {
  english: Catalogue;
  /** The spec strings (MESSAGES of @nexus/contracts): English's `spec.<key>` messages. */
  spec: Readonly<Record<string, string>>;
  /** Every other locale's catalogue, by locale. */
  locales: Readonly<Record<string, Catalogue>>;
}): string[] {
  const problems: string[] = [];
  const reference: Record<string, unknown> = { ...options.english };
  for (const key of Object.keys(options.english)) {
    if (key.startsWith(SPEC))
      problems.push(`en: ${key} belongs to the spec strings (MESSAGES), not the English catalogue`);
  }
  for (const [key, text] of Object.entries(options.spec)) reference[`${SPEC}${key}`] = text;

  const shapes = new Map<string, Shape>();
  for (const [key, message] of Object.entries(reference)) {
    const parsed = parse(message);
    if ("error" in parsed) problems.push(`en: ${key} ${parsed.error}`);
    else shapes.set(key, parsed.shape);
  }

  for (const [locale, catalogue] of Object.entries(options.locales)) {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const key of Object.keys(reference)) {
      if (!(key in catalogue)) problems.push(`${locale}: ${key} is missing`);
    }
    for (const [key, message] of Object.entries(catalogue)) {
      if (!(key in reference)) {
        problems.push(`${locale}: ${key} is not in the English catalogue`);
        continue;
      }
      const parsed = parse(message);
      if ("error" in parsed) {
        problems.push(`${locale}: ${key} ${parsed.error}`);
        continue;
      }
      const english = shapes.get(key);
      if (english && english.args.join() !== parsed.shape.args.join())
        problems.push(
          `${locale}: ${key} has placeholders {${parsed.shape.args.join(", ")}}, English {${english.args.join(", ")}}`,
        );
      for (const plural of parsed.shape.plurals) {
        const lacking = categories.filter((category) => !plural.cases.includes(category));
        if (lacking.length > 0)
          problems.push(
            `${locale}: ${key} lacks the plural forms ${lacking.join(", ")} of {${plural.arg}}`,
          );
      }
    }
  }
  return problems;
}
