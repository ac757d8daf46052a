// `npm start`: builds the web app and the server bundle when missing or older than their sources,
// then runs the server in this process.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const targets = [
  {
    output: path.join(root, "apps/web/dist/index.html"),
    sources: [
      "apps/web/src",
      "apps/web/public",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "apps/web/build",
      "packages/contracts/src",
      // Blog posts and the FAQ are rendered into the web build.
      "content",
    ],
    command: ["npm", ["run", "build:web", "--silent"]],
    label: "web app",
  },
  {
    output: path.join(root, "apps/server/dist/main.js"),
    sources: [
      "apps/server/src",
      "packages/contracts/src",
      "packages/db/src",
      "packages/db/migrations",
    ],
    command: ["node", ["scripts/build-server.mjs"]],
    label: "server",
  },
];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale(target) {
  if (!fs.existsSync(target.output)) return true;
  const built = fs.statSync(target.output).mtimeMs;
  return target.sources.some((s) => newestMtime(path.join(root, s)) > built);
}

for (const target of targets) {
  if (process.env.NEXUS_SKIP_BUILD === "1" || !isStale(target)) continue;
  console.log(`Building the ${target.label}…`);
  const [command, args] = target.command;
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(path.join(root, "apps/server/dist/main.js"));
