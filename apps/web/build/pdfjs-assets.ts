import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * pdf.js's character maps (CJK fonts) and standard fonts, served from our own origin under
 * /pdfjs/<version>/ (a path that changes with the version), so the PDF viewer shows Japanese,
 * Chinese and Korean text and PDFs without embedded fonts, and its image decoders (wasm/: OpenJPEG
 * for JPEG 2000, JBIG2, QCMS colour profiles, and OpenJPEG's JavaScript fallback, which the worker
 * imports when the page's policy refuses to compile WebAssembly). Nothing is fetched from a CDN.
 */
const require = createRequire(import.meta.url);
const DIRS = ["cmaps", "standard_fonts", "wasm"] as const;

export function pdfjsRoot(): { dir: string; version: string } {
  const manifest = require.resolve("pdfjs-dist/package.json");
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string };
  return { dir: path.dirname(manifest), version };
}

export function pdfjsAssets(): Plugin {
  const { dir, version } = pdfjsRoot();
  const prefix = `/pdfjs/${version}/`;
  return {
    name: "nexus-pdfjs-assets",
    config: () => ({ define: { __PDFJS_ASSETS__: JSON.stringify(prefix) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split("?")[0] ?? "";
        if (!url.startsWith(prefix)) return next();
        const [sub, name] = url.slice(prefix.length).split("/");
        if (!DIRS.includes(sub as (typeof DIRS)[number]) || !name || name.includes(".."))
          return next();
        const file = path.join(dir, sub as string, name);
        if (!fs.existsSync(file)) return next();
        res.setHeader(
          "Content-Type",
          name.endsWith(".js")
            ? "text/javascript"
            : name.endsWith(".wasm")
              ? "application/wasm"
              : "application/octet-stream",
        );
        fs.createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const sub of DIRS)
        for (const name of fs.readdirSync(path.join(dir, sub)))
          this.emitFile({
            type: "asset",
            fileName: `pdfjs/${version}/${sub}/${name}`,
            source: fs.readFileSync(path.join(dir, sub, name)),
          });
    },
  };
}
