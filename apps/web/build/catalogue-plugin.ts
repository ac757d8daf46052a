import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import {
  CATALOGUE_PARTS,
  type CataloguePart,
  partOfCatalogue,
} from "../src/lib/i18n/catalogue-parts.ts";

/**
 * The interface's message catalogues (src/locales/<locale>.json: key → ICU message) as build-time
 * modules, compiled to Lingui's runtime form here so the browser gets no ICU parser:
 *
 * - `virtual:nexus-catalogue/<locale>/<part>`  default export: key → compiled message, the keys
 *   of that part (src/lib/i18n/catalogue-parts.ts: `public` for the first pages, `app` the rest)
 * - `virtual:nexus-catalogue/<locale>`  the whole catalogue
 *
 * English's public part is imported statically by src/lib/i18n (no fetch); every other part is a
 * dynamic import, a chunk of its own loaded only when that language (or the app) needs it. A
 * message that does not parse fails the build (scripts/check-catalogues.ts says which, before).
 */
const PREFIX = "virtual:nexus-catalogue/";
const LOCALE = /^[a-z]{2}$/;

// (From the module's path string: a test under jsdom has jsdom's URL, which fileURLToPath refuses.)
export const LOCALES_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../src/locales",
);

export function compileCatalogue(source: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(source).map(([key, message]) => {
      try {
        return [key, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
}

export function cataloguePlugin(options: { dir?: string } = {}): Plugin {
  const dir = options.dir ?? LOCALES_DIR;
  return {
    name: "nexus-catalogues",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [locale = "", part] = id.slice(PREFIX.length + 1).split("/");
      if (!LOCALE.test(locale)) throw new Error(`No catalogue named ${locale}`);
      if (part !== undefined && !(CATALOGUE_PARTS as readonly string[]).includes(part))
        throw new Error(`No catalogue part named ${part}`);
      const file = path.join(dir, `${locale}.json`);
      this.addWatchFile(file);
      const source = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
      let compiled: Record<string, unknown>;
      try {
        compiled = compileCatalogue(source);
      } catch (error) {
        throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      const messages = part ? partOfCatalogue(compiled, part as CataloguePart) : compiled;
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
