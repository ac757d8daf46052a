import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emailField, emailSchema, validateEmail } from "./auth.ts";
import { isEmailAddress, MAX_EMAIL_LENGTH, parseEmail } from "./email.ts";
import { leadRequestSchema } from "./leads.ts";
import { MESSAGES } from "./messages.ts";

const ACCEPTED: ReadonlyArray<readonly [string, string]> = [
  ["jane@example.com", "jane@example.com"],
  ["  Jane.Doe@Example.COM\t", "jane.doe@example.com"],
  ["\u00a0jane@example.com\n", "jane@example.com"],
  ["jane+tag@example.com", "jane+tag@example.com"],
  ["o'brien@example.ie", "o'brien@example.ie"],
  ["a_b-c@sub.example.co.uk", "a_b-c@sub.example.co.uk"],
  ["x@a.co", "x@a.co"],
  ["1234@123.example", "1234@123.example"],
  ["user@xn--bcher-kva.example", "user@xn--bcher-kva.example"],
  ["user@xn--p1ai.xn--p1ai", "user@xn--p1ai.xn--p1ai"],
  ["!#$%&'*+/=?^_`{|}~-@example.com", "!#$%&'*+/=?^_`{|}~-@example.com"],
  [`${"a".repeat(64)}@example.com`, `${"a".repeat(64)}@example.com`],
  [`a@${"b".repeat(63)}.com`, `a@${"b".repeat(63)}.com`],
];

const REFUSED: readonly string[] = [
  // address-list and display-name syntax
  "a<victim@example.com>",
  "<victim@example.com>",
  "Jane <jane@example.com>",
  '"Jane" <jane@example.com>',
  "victim@example.com, other@example.com",
  "victim@example.com,other@example.com",
  "victim@example.com;other@example.com",
  "group: victim@example.com;",
  "victim@example.com (comment)",
  "(comment)victim@example.com",
  "victim(comment)@example.com",
  '"quoted"@example.com',
  '"a b"@example.com',
  "a\\b@example.com",
  "victim@example.com>",
  "victim@[127.0.0.1]",
  "victim@[IPv6:::1]",
  // whitespace and control characters inside
  "jane doe@example.com",
  "jane@exa mple.com",
  "jane\t@example.com",
  "jane@example.com\r\nBcc: x@example.com",
  "jane@example.com\nx",
  "ja\u0000ne@example.com",
  "jane@example.com\u0000",
  "ja\u200bne@example.com",
  // shape
  "",
  "jane",
  "jane@",
  "@example.com",
  "jane@@example.com",
  "a@b@example.com",
  "jane@example",
  "jane@localhost",
  "jane@example.",
  "jane@.example.com",
  "jane@example..com",
  "jane@-example.com",
  "jane@example-.com",
  "jane@exa_mple.com",
  "jane@1.2.3.4",
  "jane@example.123",
  "jane@example.c0m-",
  ".jane@example.com",
  "jane.@example.com",
  "ja..ne@example.com",
  // non-ASCII (internationalised addresses must be given as xn--)
  "jäne@example.com",
  "jane@bücher.example",
  "\u212aate@example.com",
  "jane@ex\uff41mple.com",
  "jane@example.com\ud800",
  // lengths
  `${"a".repeat(65)}@example.com`,
  `a@${"b".repeat(64)}.com`,
  `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`,
];

describe("parseEmail: accept table", () => {
  it.each(ACCEPTED)("accepts %j as %j", (raw, email) => {
    expect(parseEmail(raw)).toEqual({ ok: true, email });
    expect(isEmailAddress(raw)).toBe(true);
  });
});

describe("parseEmail: refuse table", () => {
  it.each(REFUSED)("refuses %j", (raw) => {
    expect(parseEmail(raw).ok).toBe(false);
    expect(isEmailAddress(raw)).toBe(false);
  });

  it("tells blank from malformed", () => {
    expect(parseEmail("  \t ")).toEqual({ ok: false, reason: "empty" });
    expect(parseEmail("a<victim@example.com>")).toEqual({ ok: false, reason: "invalid" });
  });

  it("holds the total length to 254", () => {
    const local = "a".repeat(64);
    const at254 = `${local}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
    expect(at254.length).toBe(MAX_EMAIL_LENGTH);
    expect(parseEmail(at254).ok).toBe(true);
    expect(parseEmail(`a${at254}`).ok).toBe(false);
  });
});

const atext = fc.constantFrom(
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+/=?^_`{|}~-",
);
const atom = fc.string({ unit: atext, minLength: 1, maxLength: 10 });
const localPart = fc.array(atom, { minLength: 1, maxLength: 4 }).map((a) => a.join("."));
const ldh = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789");
const label = fc
  .tuple(ldh, fc.string({ unit: fc.constantFrom(..."abc123-"), maxLength: 8 }), ldh)
  .map(([a, mid, b]) => `${a}${mid}${b}`);
const topLabel = fc.string({
  unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz"),
  minLength: 2,
  maxLength: 6,
});
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), topLabel)
  .map(([labels, top]) => [...labels, top].join("."));
const address = fc.tuple(localPart, domain).map(([l, d]) => `${l}@${d}`);

describe("parseEmail: properties", () => {
  it("accepts every generated dot-atom@LDH address, lower-cased, and is idempotent", () => {
    fc.assert(
      fc.property(address, fc.constantFrom("", " ", "\t", "\n"), (a, pad) => {
        const parsed = parseEmail(`${pad}${a}${pad}`);
        expect(parsed).toEqual({ ok: true, email: a.toLowerCase() });
        if (parsed.ok) expect(parseEmail(parsed.email)).toEqual(parsed);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses any display name, list or comment wrapped around a valid address", () => {
    const wrap = fc.oneof(
      fc.tuple(fc.string({ maxLength: 20 }), address).map(([n, a]) => `${n}<${a}>`),
      fc.tuple(address, address).map(([a, b]) => `${a},${b}`),
      fc.tuple(address, address).map(([a, b]) => `${a};${b}`),
      fc.tuple(address, fc.string({ maxLength: 20 })).map(([a, c]) => `${a}(${c})`),
      fc.tuple(fc.string({ maxLength: 20 }), address).map(([n, a]) => `"${n}"${a}`),
    );
    fc.assert(
      fc.property(wrap, (raw) => {
        expect(parseEmail(raw).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a valid address with any forbidden character put inside it", () => {
    const forbidden = fc.constantFrom(...'<>()[]\\,;:" \t\r\n\u0000\u007f\u00a0\u2028@ä\ud800');
    fc.assert(
      fc.property(address, forbidden, fc.nat(), (a, ch, at) => {
        const i = 1 + (at % (a.length - 1));
        expect(parseEmail(`${a.slice(0, i)}${ch}${a.slice(i)}`).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it("whatever it accepts is short, ASCII, lower-case and holds exactly one @", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 80 }), address), (raw) => {
        const parsed = parseEmail(raw);
        if (!parsed.ok) return;
        expect(parsed.email.length).toBeLessThanOrEqual(MAX_EMAIL_LENGTH);
        expect(parsed.email).toMatch(/^[\x21-\x7e]+$/);
        expect(parsed.email).toBe(parsed.email.toLowerCase());
        expect(parsed.email.split("@")).toHaveLength(2);
        expect(parsed.email).not.toMatch(/[<>()[\]\\,;:"]/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the spec's messages (§5)", () => {
  it("validateEmail and emailSchema answer 'Email address is required' / 'Please enter a valid email address'", () => {
    expect(validateEmail(" ")).toEqual({ ok: false, message: MESSAGES.emailRequired });
    expect(validateEmail("a<victim@example.com>")).toEqual({
      ok: false,
      message: MESSAGES.emailInvalid,
    });
    const missing = emailSchema.safeParse(undefined);
    expect(missing.success ? null : missing.error.issues[0]?.message).toBe(MESSAGES.emailRequired);
    const listed = emailSchema.safeParse("a@example.com, b@example.com");
    expect(listed.success ? null : listed.error.issues[0]?.message).toBe(MESSAGES.emailInvalid);
    expect(emailSchema.parse(" A@B.CO ")).toBe("a@b.co");
  });

  it("the lead form answers 'Missing required fields' when blank and the invalid message otherwise", () => {
    const lead = (email: unknown) => leadRequestSchema.safeParse({ fullName: "Jane", email });
    const blank = lead("   ");
    expect(blank.success ? null : blank.error.issues[0]?.message).toBe(
      MESSAGES.missingRequiredFields,
    );
    const absent = lead(undefined);
    expect(absent.success ? null : absent.error.issues[0]?.message).toBe(
      MESSAGES.missingRequiredFields,
    );
    const hostile = lead("a<victim@example.com>");
    expect(hostile.success ? null : hostile.error.issues[0]?.message).toBe(MESSAGES.emailInvalid);
    const field = emailField({ required: "r", invalid: "i" });
    expect(field.safeParse("x@example.com").data).toBe("x@example.com");
  });
});
