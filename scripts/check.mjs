// `npm run check`: the two TypeScript projects side by side (each is one thread: about 28 s and
// 20 s one after the other on the 2-core machines), then Biome, the layer check and the catalogue check. Every
// command's output is printed after it ends; the exit code is non-zero if any failed.
import { spawn } from "node:child_process";

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], shell: false });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.stderr.on("data", (chunk) => {
      out += chunk;
    });
    child.on("error", (error) => resolve({ command, args, status: 1, out: String(error) }));
    child.on("close", (status) => resolve({ command, args, status: status ?? 1, out }));
  });
}

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const results = [
  ...(await Promise.all([
    run(npx, ["tsc", "-b"]),
    run(npx, ["tsc", "-p", "apps/web", "--noEmit"]),
  ])),
  ...(await Promise.all([
    run(npx, ["biome", "check", "."]),
    run(process.execPath, ["scripts/check-layers.mjs"]),
    run(process.execPath, ["--import", "tsx", "scripts/check-catalogues.ts"]),
  ])),
];
let failed = 0;
for (const r of results) {
  const line = [r.command === process.execPath ? "node" : r.command, ...r.args].join(" ");
  if (r.out.trim()) process.stdout.write(`\n$ ${line}\n${r.out}`);
  if (r.status !== 0) {
    failed += 1;
    console.log(`✗ ${line} (exit ${r.status})`);
  }
}
if (failed > 0) process.exit(1);
console.log(`\ncheck: ${results.length} commands passed`);
