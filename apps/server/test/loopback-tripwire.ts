import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * A test-only safety net for suites that aim requests at internal addresses: every TCP connect
 * in this process must go to loopback (127/8, ::1, or 0.0.0.0/:: which Linux sends to loopback),
 * and a connect by name must carry a pinned `lookup` whose answers are loopback too. Anything
 * else is recorded and the socket destroyed before a packet leaves, so a bug in the code under
 * test fails the suite instead of sending traffic anywhere else.
 */
export interface Tripwire {
  violations: string[];
  connects: () => number;
  restore: () => void;
}

function isLocal(address: string): boolean {
  if (!net.isIP(address)) return false;
  const range = ipaddr.process(address).range();
  return range === "loopback" || range === "unspecified";
}

type Lookup = NonNullable<net.TcpSocketConnectOpts["lookup"]>;

function guardLookup(options: { lookup: Lookup; violations: string[] }): Lookup {
  const { lookup, violations } = options;
  return (hostname, lookupOptions, callback) =>
    lookup(hostname, lookupOptions, (error, address, family) => {
      const list = typeof address === "string" ? [address] : address.map((a) => a.address);
      const outside = list.filter((a) => a !== "" && !isLocal(a));
      if (!error && outside.length > 0) {
        violations.push(`${hostname} -> ${outside.join(", ")}`);
        callback(new Error(`tripwire: ${hostname} resolved outside loopback`), "", 0);
        return;
      }
      callback(error, address, family);
    });
}

/** Never connects; fails the socket once its owner (an http request) listens for errors. */
function refuse(socket: net.Socket, host: string): net.Socket {
  setImmediate(() => socket.destroy(new Error(`tripwire: connect to ${host}`)));
  return socket;
}

export function installLoopbackTripwire(): Tripwire {
  const original = net.Socket.prototype.connect;
  const violations: string[] = [];
  let connects = 0;
  const patched = function (this: net.Socket, ...args: unknown[]): net.Socket {
    connects += 1;
    const first: unknown = Array.isArray(args[0]) ? args[0][0] : args[0];
    if (typeof first === "number") {
      const host = typeof args[1] === "string" ? args[1] : "localhost";
      if (host !== "localhost" && !isLocal(host)) {
        violations.push(`connect to ${host}`);
        return refuse(this, host);
      }
    } else if (first && typeof first === "object" && !("path" in first && first.path)) {
      const options = first as net.TcpSocketConnectOpts;
      const host = options.host ?? "localhost";
      if (net.isIP(host) ? !isLocal(host) : !options.lookup) {
        violations.push(`connect to ${host}`);
        return refuse(this, host);
      }
      if (options.lookup) options.lookup = guardLookup({ lookup: options.lookup, violations });
    }
    return Reflect.apply(original, this, args) as net.Socket;
  };
  net.Socket.prototype.connect = patched as typeof original;
  return {
    violations,
    connects: () => connects,
    restore: () => {
      net.Socket.prototype.connect = original;
    },
  };
}
