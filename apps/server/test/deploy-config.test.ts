/**
 * The container files, checked where Docker cannot run: every variable compose.yaml gives the
 * Nexus instances is one the server reads (env.ts) and documents (.env.example); nginx accepts
 * deploy/nginx.conf (Debian's nginx, `nginx -t` under a temp prefix); the Dockerfile's runtime
 * stage is what the README promises (Node 22 slim, non-root, a health check, the built server);
 * compose refuses to start without its secrets, publishes nginx on loopback only and lets the
 * replication role in from the replica's address only (also where `docker compose` is missing:
 * the YAML is read and every use of a secret checked).
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

/** Secrets compose must be given: no default, `${VAR:?message}` wherever they are used. */
const SECRETS = ["POSTGRES_PASSWORD", "REPLICATION_PASSWORD", "SEARXNG_SECRET"];

/** Every string in a parsed YAML document (values and keys), depth first. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      stringsOf(item, out);
    }
  return out;
}

/** Each `${NAME…}` interpolation in `text`: the name and what follows it (`:?msg`, `:-x`, ``). */
function interpolations(text: string): Array<{ name: string; rest: string }> {
  return [...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)([^}]*)\}/g)].map((m) => ({
    name: m[1] ?? "",
    rest: m[2] ?? "",
  }));
}

/** `docker compose config` with `env`, or null where docker compose is not installed. */
function composeConfig(env: Record<string, string>): { status: number; output: string } | null {
  const probe = spawnSync("docker", ["compose", "version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) return null;
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !SECRETS.includes(key)),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-compose-"));
  try {
    // An empty .env beside a copy: a developer's own .env next to compose.yaml is not read.
    fs.copyFileSync(path.join(ROOT, "compose.yaml"), path.join(dir, "compose.yaml"));
    fs.writeFileSync(path.join(dir, ".env"), "");
    const result = spawnSync(
      "docker",
      ["compose", "-f", path.join(dir, "compose.yaml"), "config"],
      {
        encoding: "utf8",
        cwd: dir,
        env: { ...clean, ...env },
      },
    );
    return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("deployment defaults", () => {
  const compose = parse(read("compose.yaml"), { merge: true }) as {
    services: Record<string, { ports?: string[]; environment?: Record<string, string> }>;
  };

  it("every use of a secret in compose.yaml is `VAR:?message`: no default password", () => {
    const uses = stringsOf(compose).flatMap(interpolations);
    for (const secret of SECRETS) {
      const found = uses.filter((u) => u.name === secret);
      expect(found.length, `${secret} is used`).toBeGreaterThan(0);
      for (const use of found) {
        expect(use.rest, `\${${secret}${use.rest}}`).toMatch(/^:\?\S/);
      }
    }
    // Nothing named like a password, secret or key falls back to a value of its own.
    for (const use of uses)
      if (/PASSWORD|SECRET|TOKEN|API_KEY/.test(use.name))
        expect(use.rest === "" || use.rest.startsWith(":?") || use.rest === ":-", use.name).toBe(
          true,
        );
    // The connection string embeds the password the same way.
    const nexus = compose.services.nexus1?.environment ?? {};
    expect(nexus.DATABASE_URL).toContain("${POSTGRES_PASSWORD:?");
  });

  it("docker compose config fails without the secrets and names them (where docker compose runs)", () => {
    const without = composeConfig({});
    if (without === null) {
      console.warn(
        "docker compose is not installed: the YAML check above stands in for `docker compose config`",
      );
      return;
    }
    expect(without.status).not.toBe(0);
    expect(without.output).toMatch(/POSTGRES_PASSWORD|REPLICATION_PASSWORD|SEARXNG_SECRET/);
    const given = composeConfig(Object.fromEntries(SECRETS.map((s) => [s, `test-${s}`])));
    expect(given?.status, given?.output).toBe(0);
  });

  it("nginx is published on 127.0.0.1 unless NGINX_ADDRESS says otherwise", () => {
    const ports = compose.services.nginx?.ports ?? [];
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) expect(port).toMatch(/^\$\{NGINX_ADDRESS:-127\.0\.0\.1\}:/);
    // Nothing else is published at all (the database, the replica, SearXNG, the instances).
    for (const [name, service] of Object.entries(compose.services))
      if (name !== "nginx") expect(service.ports, name).toBeUndefined();
    expect(read("docs/operations.md")).toMatch(/ssl_certificate/);
  });

  it("the replication role may connect from the replica's fixed address only", () => {
    const init = read("deploy/postgres-primary-init.sh");
    const hba = init.split("\n").filter((line) => /host\s+replication/.test(line));
    expect(hba).toHaveLength(1);
    expect(hba[0]).toMatch(/\$\{REPLICA_ADDRESS\}\/32 /);
    expect(hba[0]).not.toMatch(/replicator\s+all\b/);
    expect(init).toContain('"${REPLICA_ADDRESS:?');
    const address = compose.services.postgres?.environment?.REPLICA_ADDRESS;
    expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const replica = compose.services["postgres-replica"] as {
      networks?: Record<string, { ipv4_address?: string }>;
    };
    expect(replica.networks?.default?.ipv4_address).toBe(address);
  });
});

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
