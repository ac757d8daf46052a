// Bundles the server (and our workspace packages) into apps/server/dist/main.js for fast start-up.
// Third-party packages stay external and load from node_modules as usual.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const readDeps = (dir) => {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, dir, "package.json"), "utf8"));
  return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
};
const external = [
  ...new Set(["apps/server", "packages/db", "packages/contracts"].flatMap(readDeps)),
].filter((name) => !name.startsWith("@nexus/"));

await build({
  entryPoints: {
    main: path.join(root, "apps/server/src/main.ts"),
    admin: path.join(root, "apps/server/src/cli/admin.ts"),
    backup: path.join(root, "apps/server/src/cli/backup.ts"),
    restore: path.join(root, "apps/server/src/cli/restore.ts"),
    "chat-worker": path.join(root, "apps/server/src/ai/chat/chat.worker.ts"),
    "parse-child": path.join(root, "apps/server/src/integrations/document-text/parse.child.ts"),
    "run-code-worker": path.join(root, "apps/server/src/ai/tools/run-code.worker.ts"),
    "page-text-worker": path.join(
      root,
      "apps/server/src/integrations/page-text/page-text.worker.ts",
    ),
    "run-python-worker": path.join(root, "apps/server/src/ai/tools/run-python.worker.ts"),
    "export-render-worker": path.join(
      root,
      "apps/server/src/modules/exports/export-render.worker.ts",
    ),
  },
  outdir: path.join(root, "apps/server/dist"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  logLevel: "warning",
  banner: {
    js: "import { createRequire as __nexusRequire } from 'node:module'; const require = __nexusRequire(import.meta.url);",
  },
});
