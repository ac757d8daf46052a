// `npm run check` (scripts/check.mjs): the interface's message catalogues
// (apps/web/src/locales/<locale>.json) against English and the spec strings: no missing or extra
// keys, every message parses as ICU, the same placeholders, every plural form a language has.
// Then the scan of apps/web/src's components (lib/i18n/text-scan.ts): JSX text and literal
// aria-label/title/placeholder/alt not from the catalogues fail, outside the areas not translated
// yet (scripts/untranslated-ui.json, which only shrinks: an entry with no text left fails too).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkCatalogues } from "../apps/web/src/lib/i18n/catalogue-check.ts";
import { SPEC_STRINGS } from "../apps/web/src/lib/i18n/spec-strings.ts";
import { scanTexts } from "../apps/web/src/lib/i18n/text-scan.ts";
import { UI_LANGUAGES } from "../packages/contracts/src/languages.ts";

const dir = fileURLToPath(new URL("../apps/web/src/locales/", import.meta.url));
const read = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>;

const files = fs.readdirSync(dir).filter((file) => file.endsWith(".json"));
const locales = Object.fromEntries(
  files
    .filter((file) => file !== "en.json")
    .map((file) => [path.basename(file, ".json"), read(file)]),
);
const problems = checkCatalogues({ english: read("en.json"), spec: SPEC_STRINGS, locales });
for (const locale of UI_LANGUAGES) {
  if (!files.includes(`${locale}.json`)) problems.push(`${locale}: no catalogue (${locale}.json)`);
}
const srcDir = fileURLToPath(new URL("../apps/web/src/", import.meta.url));
const components = new Map<string, string>();
for (const file of fs.readdirSync(srcDir, { recursive: true, encoding: "utf8" })) {
  if (file.endsWith(".tsx")) components.set(file, fs.readFileSync(path.join(srcDir, file), "utf8"));
}
const allowed = JSON.parse(
  fs.readFileSync(fileURLToPath(new URL("./untranslated-ui.json", import.meta.url)), "utf8"),
) as string[];
problems.push(...scanTexts({ files: components, allowed }));
for (const problem of problems) console.log(`✗ ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(
  `catalogues: ${files.length} locales, ${Object.keys(read("en.json")).length + Object.keys(SPEC_STRINGS).length} keys each, all sound; ${components.size} components scanned, ${allowed.length} not translated yet`,
);
