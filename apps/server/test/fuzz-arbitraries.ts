import fc from "fast-check";

/** Generators for the G1 fuzz gate (fuzz.test.ts): bodies, path parameters, queries, headers. */

/** Text that PostgreSQL cannot store or that is not valid UTF-16: NUL and lone surrogates. */
const poison = fc.constantFrom(
  "\u0000",
  "\ud800",
  "\udbff",
  "\udc00",
  "\udfff",
  "a\ud83d",
  "\ude00b",
);
const poisoned = fc
  .tuple(fc.string({ maxLength: 20 }), poison, fc.string({ maxLength: 20 }))
  .map(([a, p, b]) => `${a}${p}${b}`);

const jsonish: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.string({ unit: "binary", maxLength: 300 }),
    poisoned,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          "email",
          "token",
          "name",
          "orgName",
          "tier",
          "counter",
          "text",
          "fullName",
          "feedbackText",
          "__proto__",
          "constructor",
        ),
        fc.string(),
        poisoned,
      ),
      tie("value"),
      { maxKeys: 5 },
    ),
  ),
})).value;

/** Bodies shaped like the real ones with one field poisoned (so validation reaches the text). */
const nearlyValid = fc.oneof(
  poisoned.map((v) => ({ fullName: v, email: "fuzz-lead@acme.com", message: "hi" })),
  poisoned.map((v) => ({ fullName: "Fuzz", email: `fuzz${v}@acme.com` })),
  poisoned.map((v) => ({ email: v })),
  poisoned.map((v) => ({ text: v, focusMode: "web" })),
  poisoned.map((v) => ({ name: v, orgName: v })),
  poisoned.map((v) => ({ entryId: "e1", rating: "down", feedbackText: v, query: v })),
  poisoned.map((v) => ({
    threadId: "fuzzthread1",
    focusMode: "web",
    turns: [{ query: "q", markdown: v, sources: [] }],
  })),
  poisoned.map((v) => ({ [v]: 1, email: "fuzz@acme.com" })),
  fc.constantFrom(
    { email: "a<victim@example.com>" },
    { email: "victim@example.com, other@example.com" },
    { fullName: "F", email: '"x"@example.com' },
  ),
);

const stringBody = fc.oneof(
  jsonish.map((v) => JSON.stringify(v) ?? "null"),
  nearlyValid.map((v) => JSON.stringify(v)),
  fc.string({ unit: "binary", maxLength: 500 }),
  fc.constantFrom(
    "{",
    '{"email":',
    "\u0000",
    '{"email":"\\u0000"}',
    '{"text":"\\ud800"}',
    '{"\\udfff":"x"}',
    '["\\ud83d\\ude00", "\\ude00\\ud83d"]',
    "[".repeat(5000),
    '{"a":'.repeat(2000),
    "\uFFFF\uD800",
    "\uFEFF{}",
  ),
  fc
    .record({ email: fc.string(), token: fc.string(), name: fc.string() })
    .map((v) => JSON.stringify(v)),
);

/** Byte sequences that are not UTF-8: stray continuation, overlong NUL, CESU surrogates, cut-offs. */
const badUtf8 = fc.constantFrom(
  [0xff],
  [0xfe, 0xff],
  [0x80],
  [0xc0, 0x80],
  [0xc3, 0x28],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x98],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
);

const encoder = new TextEncoder();
const byteBody = fc
  .tuple(
    fc.oneof(
      stringBody,
      nearlyValid.map((v) => JSON.stringify(v)),
    ),
    badUtf8,
    fc.nat(),
  )
  .map(([text, bad, at]) => {
    const bytes = encoder.encode(text);
    const i = bytes.length === 0 ? 0 : at % bytes.length;
    return new Uint8Array([...bytes.subarray(0, i), ...bad, ...bytes.subarray(i)]);
  });

export const rawBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  { arbitrary: stringBody, weight: 5 },
  { arbitrary: byteBody, weight: 1 },
);

export const pathParam = fc.oneof(
  fc.constantFrom(
    "",
    "%00",
    "a%00b",
    "%ED%A0%80",
    "%C0%80",
    "%FF",
    "..%2F..%2Fetc%2Fpasswd",
    "00000000-0000-4000-8000-000000000000",
    "%E0%A4%A",
    "'; drop table users;--",
  ),
  fc.uuid(),
  fc.string({ maxLength: 60 }).map(encodeURIComponent),
);

/** A query value, already encoded: text, NUL, encoded lone surrogates and broken escapes. */
export const queryValue = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom(
    "%00",
    "a%00",
    "%ED%A0%80",
    "%ED%BF%BF",
    "%C0%80",
    "%",
    "%ZZ",
    "%E2%82",
    "%FF%FE",
  ),
  fc
    .base64String({ maxLength: 80 })
    .map((s) => s.replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "")),
);

const ipv4 = fc.ipV4();
const ipv6 = fc.ipV6();
/** One X-Forwarded-For entry: addresses in every spelling, with ports and zones, and garbage. */
const hop = fc.oneof(
  ipv4,
  ipv6,
  ipv4.map((a) => `::ffff:${a}`),
  ipv4.map((a) => `::FFFF:${a}`),
  fc.tuple(ipv4, fc.integer({ min: 0, max: 65535 })).map(([a, port]) => `${a}:${port}`),
  ipv6.map((a) => `[${a}]`),
  ipv6.map((a) => `[${a}]:443`),
  fc.constantFrom(
    "fe80::1%eth0",
    "fe80::1%25eth0",
    "[fe80::1%eth0]:8080",
    "::1",
    "::",
    "0:0:0:0:0:ffff:7f00:1",
    "::ffff:7f00:1",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "2001:db8::/64",
    "2001:db8:0:0:0:0:0:0:1",
    "127.1",
    "0x7f.1",
    "2130706433",
    "999.1.1.1",
    "1.2.3.4.5",
    "unknown",
    "_hidden",
    "",
    " ",
    "localhost",
  ),
  fc.string({ maxLength: 30 }).map((s) => s.replace(/[^\x20-\x7e]/g, "")),
);

/** Forwarded-address headers as proxies and attackers send them (printable ASCII only). */
export const forwardedHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constant({}),
  fc
    .array(hop, { minLength: 1, maxLength: 8 })
    .map((hops) => ({ "x-forwarded-for": hops.join(", ") })),
  fc
    .array(hop, { minLength: 1, maxLength: 4 })
    .map((hops) => ({ "x-forwarded-for": hops.join(",") })),
  fc.constant({
    "x-forwarded-for": Array.from({ length: 500 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(
      ", ",
    ),
  }),
  fc.constant({ "x-forwarded-for": ",,, ,," }),
  hop.map((h) => ({ forwarded: `for="${h}";proto=https`, "x-real-ip": h })),
  fc.tuple(hop, hop).map(([a, b]) => ({
    "x-forwarded-for": a,
    "x-forwarded-host": b,
    "x-forwarded-proto": "gopher",
  })),
);
