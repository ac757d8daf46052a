import net from "node:net";

/** How long a connect to our own machine may take before the check gives up (then: free). */
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * Whether another process listens on `host:port` (a second `npm start`, another app): asked before
 * the embedded PostgreSQL starts, so the person reads which port to change rather than a stack.
 *
 * It connects, and never listens: a listener of its own, even for a moment, takes the connections
 * a balancer opens to this address meanwhile (nginx keeps trying an instance that restarts) and
 * resets them when it closes, after nginx has sent its request (a 502 for a PATCH it must not send
 * twice). Whatever the check misses (a port held on another address than `host` when `host` is
 * 0.0.0.0) still fails the listen later with the same message (main.ts).
 */
export function portInUse(host: string, port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  const target = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return new Promise((resolve) => {
    const socket = net.connect({ host: target, port });
    const done = (inUse: boolean) => {
      socket.destroy();
      resolve(inUse);
    };
    socket.setTimeout(CONNECT_TIMEOUT_MS, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

export function portInUseMessage(host: string, port: number): string {
  return `Port ${port} on ${host} is already in use (is Nexus already running?): stop that process, or start Nexus with PORT set to a free port.`;
}
