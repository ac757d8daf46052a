import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
  receivedAt: number;
}

export interface SmtpCapture {
  port: number;
  url: string;
  messages: CapturedMail[];
  /**
   * Resolves with the newest message to `to` arriving after `since` (ms epoch), whose subject
   * starts with `subject` when given (other mail to the same address may arrive meanwhile).
   */
  waitFor: (
    to: string,
    options?: { since?: number; timeoutMs?: number; subject?: string },
  ) => Promise<CapturedMail>;
  close: () => Promise<void>;
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const soft = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i];
    const hex = soft.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers))
    return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Extracts the text/plain body of a (possibly multipart) RFC 5322 message. */
export function parseMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const unfolded = head.replace(/\r\n[ \t]+/g, " ");
  const subject = /^subject:\s*(.*)$/im.exec(unfolded)?.[1]?.trim() ?? "";
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  if (!boundary) return { subject, text: decodePart(unfolded, body) };
  for (const part of body.split(`--${boundary}`)) {
    const at = part.indexOf("\r\n\r\n");
    if (at < 0) continue;
    const partHead = part.slice(0, at);
    if (/content-type:\s*text\/plain/i.test(partHead))
      return { subject, text: decodePart(partHead, part.slice(at + 4)) };
  }
  return { subject, text: "" };
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives (test fake at a process boundary). */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const { subject, text } = parseMail(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text,
          raw,
          receivedAt: Date.now(),
        });
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const find = (to: string, since: number, subject = "") =>
    messages
      .filter(
        (m) =>
          m.to.includes(to.toLowerCase()) && m.receivedAt >= since && m.subject.startsWith(subject),
      )
      .at(-1);
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    waitFor: (to, options = {}) => {
      const since = options.since ?? 0;
      const existing = find(to, since, options.subject);
      if (existing) return Promise.resolve(existing);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${options.timeoutMs ?? 10_000} ms`));
        }, options.timeoutMs ?? 10_000);
        const check = () => {
          const found = find(to, since, options.subject);
          if (found) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in link in a captured e-mail. */
export function extractSignInLink(mail: CapturedMail): string {
  const match = /https?:\/\/\S+#signin=[A-Za-z0-9_-]{43}/.exec(mail.text);
  if (!match) throw new Error(`no sign-in link in mail: ${mail.text.slice(0, 200)}`);
  return match[0];
}
