import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createImageUrls } from "../modules/images/image-urls.ts";
import {
  ModelTextSanitizer,
  namesImageProxy,
  normalisedWord,
  sanitizeModelText,
} from "./model-text.ts";

const urls = createImageUrls(randomBytes(32));
/** A real signed proxy URL (what an attacker could copy from a page of this server). */
const SIGNED = urls.sign("http://attacker.example/pixel.png?victim=1") ?? "";
const QUERY = SIGNED.slice(SIGNED.indexOf("?"));
const SIG = QUERY.slice(QUERY.indexOf("&s=") + 3);

/** Nothing in `text` names the proxy or carries a signed query, word by word and as a whole. */
function clean(text: string): boolean {
  return (
    !text.split(/\s+/).some(namesImageProxy) &&
    !text.includes(SIG) &&
    !/api\/image/i.test(text) &&
    !/!\[[^\]]*\]\(/.test(text)
  );
}

/** Runs `text` through the streaming sanitiser in the given pieces. */
function streamed(pieces: readonly string[]): string {
  const s = new ModelTextSanitizer();
  return pieces.map((p) => s.push(p)).join("") + s.end();
}

const HOSTILE: Record<string, string> = {
  "inline image": `Look ![chart](${SIGNED}) here.`,
  "inline image with a title": `Look ![a](${SIGNED} "title") here.`,
  "inline image with a single-quoted title": `![a](${SIGNED} 'title')`,
  "inline image in angle brackets": `![a](<${SIGNED}>)`,
  "absolute URL of this server": `![a](http://localhost:3000${SIGNED} "t")`,
  "reference-style image": `See ![a][pic].\n\n[pic]: ${SIGNED} "title"\n`,
  "collapsed reference image": `See ![pic][].\n\n[pic]: <${SIGNED}>\n`,
  "shortcut reference image": `See ![pic].\n\n[pic]: ${SIGNED}\n`,
  "HTML img": `<img src="${SIGNED}" alt="x">`,
  "HTML img, upper case, unquoted": `<IMG SRC=${SIGNED}>`,
  "HTML img, single quotes": `<img alt='y' src='${SIGNED}' />`,
  autolink: `<http://127.0.0.1:3000${SIGNED}>`,
  "bare URL": `Go to ${SIGNED} now`,
  "link to the proxy": `[click](${SIGNED})`,
  "percent-encoded slashes": `![a](%2Fapi%2Fimage${QUERY})`,
  "percent-encoded twice": `![a](%252Fapi%252Fimage${QUERY})`,
  "encoded letters": `![a](/api/im%61ge${QUERY})`,
  "hex entities": `![a](&#x2F;api&#x2F;image${QUERY.replace("&", "&amp;")})`,
  "decimal entities": `![a](&#47;api&#47;image${QUERY})`,
  "named entities": `![a](&sol;api&sol;image&quest;u=x&amp;s=${SIG})`,
  backslashes: `![a](\\/api\\/image${QUERY})`,
  "upper case path": `![a](/API/IMAGE${QUERY})`,
  "dot segment": `![a](/api/./image${QUERY})`,
  "parent segment": `![a](/api/x/../image${QUERY})`,
  "parent segment with quotes and parentheses": `![a](</api/"(x)"/../image${QUERY}>)`,
  "double slash": `![a](/api//image${QUERY})`,
  "tab inside": `![a](/api/im\tage${QUERY})`,
  "zero-width space inside": `![a](/api/im\u200bage${QUERY})`,
  "signed query on another path": `![a](/x${QUERY})`,
  "protocol-relative": `![a](//localhost:3000${SIGNED})`,
};

describe("sanitizeModelText", () => {
  it.each(Object.entries(HOSTILE))("removes the proxy URL: %s", (_name, text) => {
    const out = sanitizeModelText(text);
    expect(clean(out), out).toBe(true);
  });

  it("keeps an image's alt text, or the tag's alt", () => {
    expect(sanitizeModelText(`Look ![the chart](${SIGNED} "title") here.`)).toBe(
      "Look the chart here.",
    );
    expect(sanitizeModelText("![cat](https://cats.example/cat.png)")).toBe("cat");
    expect(sanitizeModelText("A ![b][ref] c")).toBe("A b c");
    expect(sanitizeModelText(`x <img src="${SIGNED}" alt="a cat"> y`)).toBe("x a cat y");
    expect(sanitizeModelText("<img src=https://evil.example/p.png>")).toBe("");
  });

  it("leaves everything else as written", () => {
    for (const text of [
      "Plain **markdown** with [a link](https://example.com/a?b=c) [1].",
      "```rust\nlet v = vec![1, 2, 3];\nif a < b && c > d {}\n```",
      "An exclamation! [1] and [a] [b](https://x.example)",
      "A table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
      "Images live in /static/img and /api/files/x/view, not here.",
      "Math: $a<b$ and 3 < 4 > 2",
      "",
    ])
      expect(sanitizeModelText(text)).toBe(text);
  });
});

describe("namesImageProxy's shortcut", () => {
  it("a word without a slash, backslash, & or % never decodes to the proxy (generated words)", () => {
    const pieces = ["api", "image", "IMAGE", "u=", "s=", SIG, ".", "..", "\u200b", "\t", "#"];
    const more = ["x2F", "#47;", "sol;", "quest;", "amp;", "2f", "252F", "İ", "／", "\u0000"];
    const all = [...pieces, ...more];
    let seed = 37;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 5_000; n++) {
      let word = "";
      for (let k = Math.floor(next() * 8); k >= 0; k--)
        word += all[Math.floor(next() * all.length)];
      const text = normalisedWord(word);
      const full = text.includes("api/image") || /u=[^&\s]*&s=[a-z0-9_-]{22}/i.test(text);
      expect(namesImageProxy(word), word).toBe(full);
      expect(full, word).toBe(false);
    }
    // With one of them the full check runs (and finds the proxy however it is spelt).
    expect(namesImageProxy("&sol;api&sol;image")).toBe(true);
    expect(namesImageProxy("%2Fapi%2Fimage")).toBe(true);
    expect(namesImageProxy("\\api\\image")).toBe(true);
  });
});

describe("ModelTextSanitizer (streaming)", () => {
  it("gives the sanitised text whatever the deltas, and never a proxy URL", () => {
    for (const [name, text] of Object.entries(HOSTILE)) {
      const whole = sanitizeModelText(text);
      // Every cut into two, and one character at a time.
      for (let i = 0; i <= text.length; i++) {
        const out = streamed([text.slice(0, i), text.slice(i)]);
        expect(clean(out), `${name} cut at ${i}: ${out}`).toBe(true);
        expect(out, `${name} cut at ${i}`).toBe(whole);
      }
      expect(streamed([...text]), name).toBe(whole);
    }
  });

  it("does not hold back plain words: the first token goes out at once", () => {
    const s = new ModelTextSanitizer();
    expect(s.push("Hello")).toBe("Hello");
    expect(s.push(" world")).toBe(" world");
    expect(s.push(", and")).toBe(", and");
    // A word with more than letters and digits waits for its end (it could become an address).
    expect(s.push(" see /docs")).toBe(" see ");
    expect(s.push("/a.md")).toBe("");
    expect(s.push(" ok")).toBe("/docs/a.md ok");
    expect(s.end()).toBe("");
  });

  it("holds an unfinished image until it is complete, then gives its alt text", () => {
    const s = new ModelTextSanitizer();
    expect(s.push("See ")).toBe("See ");
    expect(s.push("![a ")).toBe("");
    expect(s.push("chart](/api/")).toBe("");
    expect(s.push(`image${QUERY} "t") done.`)).toBe("a chart ");
    expect(s.end()).toBe("done.");
  });

  it("lets a long unfinished construct go, defused so that nothing later completes it", () => {
    const s = new ModelTextSanitizer();
    const long = `![${"word ".repeat(1000)}`;
    const first = s.push(long);
    expect(first.length).toBeGreaterThan(0);
    const out = first + s.push(`](${SIGNED}) end`) + s.end();
    expect(clean(out)).toBe(true);
    expect(out).toContain("!\\[");
  });
});
