/**
 * A listening socket closed while connections wait in the kernel's accept queue resets them all
 * (RST): nginx has already sent its request on each, and a PATCH or POST it must not send twice
 * is answered 502 ("recv() failed (104: Connection reset by peer) while reading response header
 * from upstream", the multi-instance test's rolling restart). The server closed a listener so in
 * two places: the drain on SIGTERM (connections that arrived while the event loop was busy with
 * the turn that ran the signal handler) and the start-up check that the port is free (a listener
 * of its own for a moment, which nginx reaches while it retries the restarting instance).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "@nexus/db";
import { afterAll, describe, expect, it } from "vitest";
import { closeOnDrain, drainConnections } from "../src/lib/http-drain.ts";
import { portInUse } from "../src/lib/port-in-use.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nexus-accept-queue-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const PATCH =
  "PATCH /api/users/u1 HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nContent-Type: application/json\\r\\n" +
  'Content-Length: 12\\r\\n\\r\\n{\\"name\\":\\"a\\"}';

/**
 * Another process (nginx's part): `count` connections to the port, a PATCH sent on each; the
 * marker file once every request is in the kernel's hands; then each connection's outcome (the
 * response, read to its end, or the error code) as JSON.
 */
const QUEUED_CLIENT = `
const net = require("node:net"), fs = require("node:fs");
const [port, marker, count] = process.argv.slice(1).map((a, i) => (i === 1 ? a : Number(a)));
const results = []; let written = 0, closed = 0;
for (let i = 0; i < count; i++) {
  const socket = net.connect(port, "127.0.0.1"); let data = "";
  socket.on("connect", () => socket.write("${PATCH}", () => { if (++written === count) fs.writeFileSync(marker, ""); }));
  socket.on("data", (chunk) => { data += chunk; if (data.endsWith('{"ok":true}')) socket.destroy(); });
  socket.on("error", (error) => { results[i] = error.code; });
  socket.on("close", () => { results[i] ??= data; if (++closed === count) console.log(JSON.stringify(results)); });
}`;

/** Another process: one connection to the port, a PATCH sent on it; prints "connected" or the error. */
const ONE_CLIENT = `
const socket = require("node:net").connect(Number(process.argv[1]), "127.0.0.1");
socket.on("connect", () => socket.write("${PATCH}", () => { console.log("connected"); process.exit(0); }));
socket.on("error", (error) => { console.log(error.code); process.exit(0); });`;

function run(script: string, args: (string | number)[]) {
  const child = spawn(process.execPath, ["-e", script, ...args.map(String)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  return new Promise<string>((resolve) => child.once("exit", () => resolve(out)));
}

/** Blocks this thread (as a busy event loop would) until the file exists. */
function blockUntilExists(file: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const nap = new Int32Array(new SharedArrayBuffer(4));
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${file} did not appear within ${timeoutMs} ms`);
    Atomics.wait(nap, 0, 0, 5);
  }
}

const listening = (server: net.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
  );

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(true));
  });

describe("closing a listener resets no connection the kernel already took", () => {
  it("SIGTERM's drain answers the requests waiting in the accept queue", async () => {
    let draining = false;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.end('{"ok":true}'));
    });
    closeOnDrain(server, () => draining);
    const port = await listening(server);
    const count = 20;
    const marker = path.join(dir, "queued");
    const outcomes = run(QUEUED_CLIENT, [port, marker, count]);
    // The event loop is busy: the connections wait in the kernel's queue, their PATCHes sent.
    blockUntilExists(marker, 30_000);
    // main.ts's shutdown in that same turn: draining, then the drain.
    draining = true;
    const drained = drainConnections(server, 30_000);
    const results = JSON.parse(await outcomes) as string[];
    await drained;
    expect(results).toHaveLength(count);
    for (const result of results) {
      expect(result, "the connection was reset, its request unanswered").toMatch(
        /^HTTP\/1\.1 200 [\s\S]*\{"ok":true\}$/,
      );
    }
    // The listener is closed: a balancer's next connection is refused (and passed on).
    expect(await refused(port)).toBe(true);
  });

  it("the start-up check that the port is free never takes a connection", async () => {
    const holder = net.createServer();
    const held = await listening(holder);
    expect(await portInUse("127.0.0.1", held)).toBe(true);
    holder.close();

    const port = await freePort();
    const checking = portInUse("127.0.0.1", port);
    // Queued behind the check's own first step (Node resolves the address, then listens or
    // connects): a connection arriving while the check runs, as nginx's retries do.
    let during = "";
    process.nextTick(() => {
      const client = spawnSync(process.execPath, ["-e", ONE_CLIENT, String(port)], {
        encoding: "utf8",
        timeout: 30_000,
      });
      during = client.stdout.trim();
    });
    expect(await checking).toBe(false);
    // A listener of the check's own would have taken it (and reset it on closing).
    expect(during).toBe("ECONNREFUSED");
  });
});
