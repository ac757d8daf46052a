import type { Server as HttpServer, IncomingMessage, ServerResponse } from "node:http";
import net, { Server as NetServer, type Socket } from "node:net";

/** How long the listener waits for its own connection (below) before it closes regardless. */
const SWEEP_TIMEOUT_MS = 1_000;

/**
 * Draining an HTTP server behind a balancer without a failed request. A server that closes an
 * idle keep-alive connection races the balancer: nginx may be writing a request on it at that
 * moment, and a POST it already sent cannot be retried (502). Node's http `server.close()` does
 * exactly that (it closes idle connections, Node 19+), so a drain instead:
 * - stops listening (new connections are refused: the balancer passes them to another instance)
 *   without resetting the connections the kernel has already taken (closeListener, below);
 * - once it no longer listens, answers every request that still arrives on an open connection
 *   with `Connection: close`, so the client closes it after the answer and knows not to reuse it
 *   (not before: nginx would open a new connection for its next request, into the queue the
 *   listener is about to close);
 * - lets idle connections end from the client side (nginx's upstream keepalive_timeout, below
 *   Node's 5 s keepAliveTimeout, which ends the rest);
 * - after `graceMs`, cuts whatever is still open.
 */
export function closeOnDrain(server: HttpServer, isDraining: () => boolean): void {
  server.prependListener("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (isDraining() && !server.listening && !res.headersSent) res.setHeader("connection", "close");
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
    closeListener(server, () => {
      clearTimeout(cut);
      resolve();
    });
  });
}

/**
 * Stops listening, calls back once the last connection has ended (net.Server's close: http's own
 * would first close the idle keep-alive connections, the race above).
 *
 * Closing a listening socket resets (RST) every connection the kernel has completed that the
 * process has not accepted yet, and nginx has already sent its request on each: a PATCH or POST
 * it must not send twice becomes a 502. Connections wait there whenever the event loop is busy
 * (libuv accepts one connection per listener per turn), e.g. during the turn that runs the
 * SIGTERM handler, which used to close the listener at once. So the server first connects to
 * itself and closes only when it accepts its own second connection: the queue is first in, first
 * out, so every connection queued before the first one has been accepted by then, and the second
 * one (opened when the first is accepted) is next in line behind whatever queued meanwhile.
 * Only a connection completed in the turn between that second connect and its accept is still
 * reset: no listener can close with none (nginx keeps no count of a closing upstream), but the
 * window is one turn with nothing queued ahead, not everything that arrived while the loop was
 * busy. Where it cannot connect to itself, it closes at once, as before.
 */
function closeListener(server: HttpServer, onClosed: () => void): void {
  const address = server.address();
  if (!address || typeof address === "string") {
    NetServer.prototype.close.call(server, onClosed);
    return;
  }
  const host =
    address.address === "0.0.0.0"
      ? "127.0.0.1"
      : address.address === "::"
        ? "::1"
        : address.address;
  const own: Socket[] = [];
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(fallback);
    server.off("connection", onConnection);
    NetServer.prototype.close.call(server, onClosed);
    // Their ends on the server see the close and end like any idle connection.
    for (const socket of own) socket.destroy();
  };
  const connectToSelf = () => {
    const socket = net.connect({ host, port: address.port });
    socket.on("error", close);
    own.push(socket);
  };
  const onConnection = (socket: Socket) => {
    const index = own.findIndex(
      (o) => o.localPort === socket.remotePort && o.localAddress === socket.remoteAddress,
    );
    if (index === 0 && own.length === 1) connectToSelf();
    else if (index > 0) close();
  };
  server.prependListener("connection", onConnection);
  // After a poll phase (setImmediate), so a late timer never closes ahead of a pending accept.
  const fallback = setTimeout(() => setImmediate(close), SWEEP_TIMEOUT_MS);
  connectToSelf();
}
