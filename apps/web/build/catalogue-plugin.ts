import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/**
 * The interface's message catalogues (src/locales/<locale>.json: key → ICU message) as build-time
 * modules, compiled to Lingui's runtime form here so the browser gets no ICU parser:
 *
 * - `virtual:nexus-catalogue/<locale>`  default export: key → compiled message (all but the
 *   lazy namespaces' keys)
 * - `virtual:nexus-catalogue/<locale>/<namespace>`  only that namespace's keys (LAZY_NAMESPACES)
 *
 * English is imported statically by src/lib/i18n (no fetch); every other locale is a dynamic
 * import, a chunk of its own loaded only when that language is chosen. A message that does not
 * parse fails the build (scripts/check-catalogues.ts says which, before that).
 */
const PREFIX = "virtual:nexus-catalogue/";
const LOCALE = /^[a-z]{2}$/;

/**
 * Messages that only a lazily loaded screen shows: their keys stay out of the main catalogue (so
 * English, which is part of the entry chunk, does not grow with them) and load with the screen
 * (src/lib/i18n/i18n.ts loadMessageNamespace). `keep` are keys of the prefix the shell shows.
 */
export const LAZY_NAMESPACES: Record<string, { prefix: string; keep: readonly string[] }> = {
  nexdocs: { prefix: "nexdocs.", keep: ["nexdocs.nav"] },
};

function namespaceOf(key: string): string | null {
  for (const [name, { prefix, keep }] of Object.entries(LAZY_NAMESPACES))
    if (key.startsWith(prefix) && !keep.includes(key)) return name;
  return null;
}

export const LOCALES_DIR = fileURLToPath(new URL("../src/locales", import.meta.url));

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
      const [locale = "", namespace = null] = id.slice(PREFIX.length + 1).split("/");
      if (!LOCALE.test(locale)) throw new Error(`No catalogue named ${locale}`);
      if (namespace !== null && !(namespace in LAZY_NAMESPACES))
        throw new Error(`No catalogue namespace named ${namespace}`);
      const file = path.join(dir, `${locale}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
      const source = Object.fromEntries(
        Object.entries(all).filter(([key]) => namespaceOf(key) === namespace),
      );
      let compiled: Record<string, unknown>;
      try {
        compiled = compileCatalogue(source);
      } catch (error) {
        throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
