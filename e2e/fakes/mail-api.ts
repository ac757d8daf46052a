import http from "node:http";
import type { SmtpCapture } from "./smtp-capture.ts";

export interface MailApi {
  port: number;
  close: () => Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * A tiny read-only HTTP view of an SMTP capture on 127.0.0.1, so Playwright workers (separate
 * processes) can read what the server sent:
 *   GET /messages?to=<addr>&since=<ms>                      every matching message, oldest first
 *   GET /messages/latest?to=<addr>&since=<ms>&timeoutMs=<n>[&subject=<prefix>]
 *     the newest one (whose subject starts with the prefix), waiting for it; 404 on timeout
 */
export async function startMailApi(capture: SmtpCapture, port = 0): Promise<MailApi> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const to = (url.searchParams.get("to") ?? "").toLowerCase();
    const since = Number(url.searchParams.get("since") ?? "0");
    if (req.method !== "GET") return send(res, 405, { error: "GET only" });
    if (url.pathname === "/messages") {
      const list = capture.messages.filter(
        (m) => (!to || m.to.includes(to)) && m.receivedAt >= since,
      );
      return send(res, 200, list);
    }
    if (url.pathname === "/messages/latest" && to) {
      const timeoutMs = Math.min(Number(url.searchParams.get("timeoutMs") ?? "10000"), 60_000);
      const subject = url.searchParams.get("subject") ?? "";
      capture.waitFor(to, { since, timeoutMs, subject }).then(
        (mail) => send(res, 200, mail),
        (error: unknown) => send(res, 404, { error: String(error) }),
      );
      return;
    }
    send(res, 404, { error: "unknown path" });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
