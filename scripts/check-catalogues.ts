// `npm run check` (scripts/check.mjs): the interface's message catalogues
// (apps/web/src/locales/<locale>.json) against English and the spec strings: no missing or extra
// keys, every message parses as ICU, the same placeholders, every plural form a language has.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkCatalogues } from "../apps/web/src/lib/i18n/catalogue-check.ts";
import { SPEC_STRINGS } from "../apps/web/src/lib/i18n/spec-strings.ts";
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
for (const problem of problems) console.log(`✗ ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(
  `catalogues: ${files.length} locales, ${Object.keys(read("en.json")).length + Object.keys(SPEC_STRINGS).length} keys each, all sound`,
);
