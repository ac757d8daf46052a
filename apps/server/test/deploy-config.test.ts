/**
 * The container files, checked where Docker cannot run: every variable compose.yaml gives the
 * Nexus instances is one the server reads (env.ts) and documents (.env.example); nginx accepts
 * deploy/nginx.conf (Debian's nginx, `nginx -t` under a temp prefix); the Dockerfile's runtime
 * stage is what the README promises (Node 22 slim, non-root, a health check, the built server).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { envSchema } from "../src/env.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, unknown> | string[];
}

function nexusVariables(): Map<string, string[]> {
  const compose = parse(read("compose.yaml"), { merge: true }) as {
    services: Record<string, Service>;
  };
  const found = new Map<string, string[]>();
  for (const [name, service] of Object.entries(compose.services)) {
    if (!service.build && !service.image?.startsWith("nexus")) continue;
    const env = service.environment ?? {};
    const keys = Array.isArray(env) ? env.map((e) => e.split("=")[0] ?? e) : Object.keys(env);
    found.set(name, keys);
  }
  return found;
}

describe("deployment files", () => {
  it("compose.yaml runs two Nexus instances whose every variable is in env.ts and .env.example", () => {
    const services = nexusVariables();
    expect([...services.keys()].sort()).toEqual(["nexus1", "nexus2"]);
    const known = new Set(Object.keys(envSchema.in.shape));
    const example = read(".env.example");
    for (const [service, keys] of services) {
      expect(keys.length, service).toBeGreaterThan(5);
      for (const key of keys) {
        expect(known.has(key), `${service}: ${key} is not read by env.ts`).toBe(true);
        expect(
          new RegExp(`^#? ?${key}=`, "m").test(example),
          `${service}: ${key} is not documented in .env.example`,
        ).toBe(true);
      }
    }
    const compose = read("compose.yaml");
    for (const part of ["postgres:17", "pg_basebackup", "searxng/searxng", "nginx:", "volumes:"])
      expect(compose).toContain(part);
  });

  it("nginx accepts deploy/nginx.conf, with SSE buffering off and long read timeouts", () => {
    const conf = read("deploy/nginx.conf");
    expect(conf).toMatch(/proxy_buffering off;/);
    expect(conf).toMatch(/proxy_read_timeout 3600s;/);
    const nginx = spawnSync("nginx", ["-v"], { encoding: "utf8" });
    if (nginx.error) {
      console.warn(
        "nginx is not installed: the nginx -t check of deploy/nginx.conf did not run (apt-get install nginx-light)",
      );
      return;
    }
    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-nginx-"));
    try {
      // The compose service names do not resolve here; nginx -t resolves upstream hosts.
      const local = conf
        .replaceAll(/nexus[12]:3000/g, "127.0.0.1:3000")
        .replaceAll("/var/log/nginx/", `${prefix}/`);
      const file = path.join(prefix, "nginx.conf");
      fs.writeFileSync(file, local);
      const result = spawnSync(
        "nginx",
        [
          "-t",
          "-p",
          prefix,
          "-c",
          file,
          "-g",
          `pid ${prefix}/nginx.pid; error_log ${prefix}/error.log;`,
        ],
        { encoding: "utf8" },
      );
      expect(result.stderr).toContain("syntax is ok");
      expect(result.stderr).toContain("test is successful");
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
  });

  it("the Dockerfile builds in one stage and runs the built server as a non-root user with a health check", () => {
    const dockerfile = read("Dockerfile");
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    for (const stage of stages) expect(stage).toMatch(/^node:22-bookworm-slim AS /);
    const [build = "", runtime = ""] = stages;
    expect(build).toContain("npm ci");
    expect(build).toContain("npm run build");
    expect(runtime).toContain("npm ci --omit=dev");
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n.*\/health/m);
    expect(runtime).toContain('CMD ["node", "apps/server/dist/main.js"]');
    expect(read("scripts/build-server.mjs")).toMatch(/main: path\.join/);
    const ignore = read(".dockerignore");
    for (const entry of ["**/node_modules", ".git", "data"]) expect(ignore).toContain(entry);
  });
});
