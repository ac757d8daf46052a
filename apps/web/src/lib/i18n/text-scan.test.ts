import { describe, expect, it } from "vitest";
import { scanSource, scanTexts } from "./text-scan.ts";

const component = `
import { t } from "@/lib/i18n/i18n.ts";
export function Card({ name }: { name: string }) {
  return (
    <section aria-label="Your card" title={t("card.title")}>
      <h2>{t("card.heading")}</h2>
      <p>
        Hello there
      </p>
      <img alt={"A photo"} src="/a.png" />
      <input placeholder={\`Search\`} type="search" />
      <span>{name} · 3%</span>
      <abbr title={name}>Nexus</abbr>
      <em data-label="not shown">مرحبا</em>
      <input placeholder="https://…" type="url" />
    </section>
  );
}
`;

describe("the scan of text not from the catalogues", () => {
  it("finds JSX text and literal aria-label, title, placeholder and alt, nothing else", () => {
    expect(scanSource("card.tsx", component)).toEqual([
      { line: 5, text: "Your card" },
      { line: 8, text: "Hello there" },
      { line: 10, text: "A photo" },
      { line: 11, text: "Search" },
      { line: 14, text: "مرحبا" },
    ]);
  });

  it("fails files outside the allow-list, and allow-list entries with nothing left", () => {
    const files = new Map([
      ["features/a/one.tsx", component],
      ["features/b/two.tsx", "export const Two = () => <p>Two words</p>;"],
      ["features/b/three.tsx", 'export const T = () => <p aria-label={t("x")}>{t("y")}</p>;'],
      ["features/c/four.test.tsx", "export const F = () => <p>In a test</p>;"],
      ["lib/five.ts", "export const five = 'Five';"],
    ]);
    expect(scanTexts({ files, allowed: ["features/a/", "features/b/two.tsx"] })).toEqual([]);
    expect(scanTexts({ files, allowed: ["features/a/one.tsx", "features/b/three.tsx"] })).toEqual([
      'features/b/two.tsx:1: "Two words" is not from the catalogues',
      "features/b/three.tsx: allowed untranslated, but has no text left: take it off the list",
    ]);
  });
});
