import dgram from "node:dgram";
import ipaddr from "ipaddr.js";

/**
 * A real DNS server over UDP on 127.0.0.1 for tests: answers A and AAAA from a mutable map, with
 * TTL 0 so no resolver caches an answer. Packets are encoded by hand (RFC 1035 §4): the question
 * is echoed and each answer points back at it with a compression pointer.
 *
 *   set(name, { a, aaaa })             fixed answers (NOERROR with no records when a list is empty)
 *   rebind(name, { first, after })     A: `first` for the first query, `after` for every later one
 *   blackhole(name)                    never answers (resolution time-outs)
 *   anything else                      NXDOMAIN
 */

export interface DnsAnswers {
  a?: string[];
  aaaa?: string[];
}

type Entry =
  | { kind: "fixed"; answers: DnsAnswers }
  | { kind: "rebind"; first: string; after: string; served: number }
  | { kind: "blackhole" };

export interface DnsQuery {
  name: string;
  type: "A" | "AAAA" | "other";
}

export interface FakeDns {
  /** "127.0.0.1:<port>", ready for Resolver.setServers. */
  server: string;
  port: number;
  queries: DnsQuery[];
  set: (name: string, answers: DnsAnswers) => void;
  rebind: (name: string, options: { first: string; after: string }) => void;
  blackhole: (name: string) => void;
  close: () => Promise<void>;
}

const TYPE_A = 1;
const TYPE_AAAA = 28;

function normal(name: string): string {
  return name.toLowerCase().replace(/\.$/, "");
}

/** The question's name, type and where the question section ends, or null if malformed. */
function parseQuestion(packet: Buffer): { name: string; qtype: number; end: number } | null {
  if (packet.length < 12 || packet.readUInt16BE(4) !== 1) return null;
  const labels: string[] = [];
  let offset = 12;
  for (;;) {
    const length = packet[offset];
    if (length === undefined || length > 63) return null;
    offset += 1;
    if (length === 0) break;
    if (offset + length > packet.length) return null;
    labels.push(packet.toString("latin1", offset, offset + length));
    offset += length;
  }
  if (offset + 4 > packet.length) return null;
  return { name: labels.join("."), qtype: packet.readUInt16BE(offset), end: offset + 4 };
}

function answerRecord(options: { type: number; address: string }): Buffer {
  const rdata = Buffer.from(ipaddr.parse(options.address).toByteArray());
  const record = Buffer.alloc(12 + rdata.length);
  record.writeUInt16BE(0xc00c, 0); // pointer to the question's name at offset 12
  record.writeUInt16BE(options.type, 2);
  record.writeUInt16BE(1, 4); // class IN
  record.writeUInt32BE(0, 6); // TTL 0: never cached
  record.writeUInt16BE(rdata.length, 10);
  rdata.copy(record, 12);
  return record;
}

function reply(options: { query: Buffer; questionEnd: number; rcode: number; records: Buffer[] }) {
  const { query, questionEnd, rcode, records } = options;
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  const rd = (query[2] ?? 0) & 0x01;
  header[2] = 0x80 | 0x04 | rd; // QR, AA, RD copied
  header[3] = 0x80 | rcode; // RA
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, query.subarray(12, questionEnd), ...records]);
}

export async function startFakeDns(): Promise<FakeDns> {
  const entries = new Map<string, Entry>();
  const queries: DnsQuery[] = [];
  const socket = dgram.createSocket("udp4");

  const answersFor = (entry: Entry, qtype: number): string[] => {
    if (entry.kind === "fixed")
      return (qtype === TYPE_A ? entry.answers.a : entry.answers.aaaa) ?? [];
    if (entry.kind === "rebind" && qtype === TYPE_A) {
      entry.served += 1;
      return [entry.served === 1 ? entry.first : entry.after];
    }
    return [];
  };

  socket.on("message", (query, peer) => {
    const question = parseQuestion(query);
    if (!question) return;
    const name = normal(question.name);
    const type = question.qtype === TYPE_A ? "A" : question.qtype === TYPE_AAAA ? "AAAA" : "other";
    queries.push({ name, type });
    const entry = entries.get(name);
    if (entry?.kind === "blackhole") return;
    const records =
      entry && type !== "other"
        ? answersFor(entry, question.qtype).map((address) =>
            answerRecord({ type: question.qtype, address }),
          )
        : [];
    const rcode = entry ? 0 : 3; // NOERROR or NXDOMAIN
    socket.send(
      reply({ query, questionEnd: question.end, rcode, records }),
      peer.port,
      peer.address,
    );
  });

  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(0, "127.0.0.1", () => resolve());
  });
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    port,
    queries,
    set: (name, answers) => entries.set(normal(name), { kind: "fixed", answers }),
    rebind: (name, { first, after }) =>
      entries.set(normal(name), { kind: "rebind", first, after, served: 0 }),
    blackhole: (name) => entries.set(normal(name), { kind: "blackhole" }),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
