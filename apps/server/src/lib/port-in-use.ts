import net from "node:net";

/**
 * Whether another process listens on `host:port` (a second `npm start`, another app): asked before
 * the embedded PostgreSQL starts, so the person reads which port to change rather than a stack.
 */
export function portInUse(host: string, port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error: NodeJS.ErrnoException) =>
      resolve(error.code === "EADDRINUSE" || error.code === "EACCES"),
    );
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
}

export function portInUseMessage(host: string, port: number): string {
  return `Port ${port} on ${host} is already in use (is Nexus already running?): stop that process, or start Nexus with PORT set to a free port.`;
}
