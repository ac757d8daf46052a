import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/**
 * The files of the `pyodide` package the browser loads (the module loader, the runtime, the
 * standard library and the lock file it reads at start-up). Nothing is fetched from a CDN: they
 * are served from our own origin under /pyodide/<version>/, a path that changes with the version,
 * so the server may cache them for a year.
 */
export const PYODIDE_FILES = [
  "pyodide.mjs",
  "pyodide.asm.mjs",
  "pyodide.asm.wasm",
  "python_stdlib.zip",
  "pyodide-lock.json",
] as const;

/** Compressed beside the file (.gz, .br): the server sends them when the browser accepts them. */
const COMPRESS = /\.(mjs|wasm|json)$/;

const require = createRequire(import.meta.url);

function pyodideDir(): { dir: string; version: string } {
  const manifest = require.resolve("pyodide/package.json");
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string };
  return { dir: path.dirname(manifest), version };
}

/**
 * The compressed forms of one file, made once per machine and version (the 9.6 MB runtime takes
 * seconds to compress) and kept in node_modules/.cache.
 */
function compressed(source: string, cacheDir: string): { gz: string; br: string } {
  const name = path.basename(source);
  const gz = path.join(cacheDir, `${name}.gz`);
  const br = path.join(cacheDir, `${name}.br`);
  if (!fs.existsSync(gz) || !fs.existsSync(br)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const data = fs.readFileSync(source);
    const brotli = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: data.length > 4_000_000 ? 5 : 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    // Written under a temporary name first: an interrupted build never leaves half a file cached.
    fs.writeFileSync(`${gz}.tmp`, zlib.gzipSync(data, { level: 9 }));
    fs.writeFileSync(`${br}.tmp`, brotli);
    fs.renameSync(`${gz}.tmp`, gz);
    fs.renameSync(`${br}.tmp`, br);
  }
  return { gz, br };
}

const TYPES: Record<string, string> = {
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".zip": "application/zip",
  ".json": "application/json; charset=utf-8",
};

/**
 * Puts Pyodide's files into the build at dist/pyodide/<version>/ (after the precompress plugin,
 * which would spend seconds on them at every build: this plugin compresses them once and keeps the
 * result), and serves the same path from node_modules in `vite dev`.
 */
export function pyodideAssets(): Plugin {
  const { dir, version } = pyodideDir();
  const base = `/pyodide/${version}/`;
  let outDir = "dist";
  let cacheDir = "";
  return {
    name: "nexus-pyodide-assets",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      cacheDir = path.resolve(config.cacheDir, "..", ".cache", "nexus-pyodide", version);
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split("?")[0] ?? "";
        if (!url.startsWith(base)) return next();
        const name = url.slice(base.length);
        if (!(PYODIDE_FILES as readonly string[]).includes(name)) return next();
        res.setHeader("Content-Type", TYPES[path.extname(name)] ?? "application/octet-stream");
        fs.createReadStream(path.join(dir, name)).pipe(res);
      });
    },
    closeBundle: {
      order: "post",
      handler() {
        const target = path.join(outDir, "pyodide", version);
        fs.mkdirSync(target, { recursive: true });
        for (const name of PYODIDE_FILES) {
          const source = path.join(dir, name);
          fs.copyFileSync(source, path.join(target, name));
          if (!COMPRESS.test(name)) continue;
          const { gz, br } = compressed(source, cacheDir);
          fs.copyFileSync(gz, path.join(target, `${name}.gz`));
          fs.copyFileSync(br, path.join(target, `${name}.br`));
        }
      },
    },
  };
}
