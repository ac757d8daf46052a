import type { Server as HttpServer, IncomingMessage, ServerResponse } from "node:http";
import { Server as NetServer } from "node:net";

/**
 * Draining an HTTP server behind a balancer without a failed request. A server that closes an
 * idle keep-alive connection races the balancer: nginx may be writing a request on it at that
 * moment, and a POST it already sent cannot be retried (502). Node's http `server.close()` does
 * exactly that (it closes idle connections, Node 19+), so a drain instead:
 * - stops listening (new connections are refused: the balancer passes them to another instance);
 * - answers every request that still arrives on an open connection, with `Connection: close`, so
 *   the client closes it after the answer and knows not to reuse it;
 * - lets idle connections end from the client side (nginx's upstream keepalive_timeout, below
 *   Node's 5 s keepAliveTimeout, which ends the rest);
 * - after `graceMs`, cuts whatever is still open.
 */
export function closeOnDrain(server: HttpServer, isDraining: () => boolean): void {
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (isDraining() && !res.headersSent) res.setHeader("connection", "close");
  });
}

/** Resolves once every connection has ended, or after graceMs (the rest are then cut). */
export function drainConnections(server: HttpServer, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const cut = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, graceMs);
    cut.unref();
    // net.Server's close: stop listening, call back when the last connection has ended (http's
    // own close would first close the idle keep-alive connections: the race above).
    NetServer.prototype.close.call(server, () => {
      clearTimeout(cut);
      resolve();
    });
  });
}
