import { describe, expect, it } from "vitest";
import { csvCell, csvRow, neutralizeFormula } from "./csv.ts";

/** Splits one line the way a reader that ignores quoting would, on `separator`. */
const naiveCells = (line: string, separator: string) => line.split(separator);
const TRIGGERS = ["=", "+", "-", "@", "＝", "＋", "－", "＠"];
const startsAsFormula = (cell: string) =>
  /^[\s"]*[=+\-@＝＋－＠]/.test(cell) || /^[\t\r]/.test(cell);

describe("neutralizeFormula: a cell's start", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "'\t'=1"],
    ["\r=1", "'\r'=1"],
    ["\tplain", "'\tplain"],
    ['＝HYPERLINK("http://evil")', '\'＝HYPERLINK("http://evil")'],
    ["＋1", "'＋1"],
    ["－1", "'－1"],
    ["＠SUM(A1)", "'＠SUM(A1)"],
    [" =1+1", "' =1+1"],
    ["\u00a0=1+1", "'\u00a0=1+1"],
    ["\u3000=1+1", "'\u3000=1+1"],
    ['"=1+1"', '\'"=1+1"'],
    ["'=1+1", "''=1+1"],
  ])("%j → %j", (value, expected) => {
    expect(neutralizeFormula(value)).toBe(expected);
  });

  it.each(["plain", "Acme, Inc.", "1 - 2", "a=b", "e-mail@acme.com", "", "line\n\nline", "x\ty"])(
    "leaves %j alone",
    (value) => {
      expect(neutralizeFormula(value)).toBe(value);
    },
  );
});

describe("neutralizeFormula: pieces a reader with another separator would split off", () => {
  it.each([
    ['Acme;=HYPERLINK("http://evil")', 'Acme;\'=HYPERLINK("http://evil")'],
    ["x|-2+3+cmd|' /C calc'!A0", "x|'-2+3+cmd|' /C calc'!A0"],
    ["a,@SUM(A1)", "a,'@SUM(A1)"],
    ["a\t+1", "a\t'+1"],
    ["first line\n=1+1", "first line\n'=1+1"],
    ["first line\r\n-1", "first line\r\n'-1"],
    ["a; =1", "a;' =1"],
    ['a;"=1"', 'a;\'"=1"'],
    ["a;＝1", "a;'＝1"],
    ["=1;=2", "'=1;'=2"],
  ])("%j → %j", (value, expected) => {
    expect(neutralizeFormula(value)).toBe(expected);
  });

  it("no piece of any row starts a formula, whichever separator the reader picks", () => {
    const values = TRIGGERS.flatMap((t) => [
      `${t}1`,
      ` ${t}1`,
      `a;${t}1`,
      `a|${t}1`,
      `a,${t}1`,
      `a\t${t}1`,
      `a\n${t}1`,
      `a;"${t}1"`,
    ]);
    const row = csvRow(values);
    for (const separator of [",", ";", "|", "\t"]) {
      for (const line of row.split(/\r\n|\n|\r/)) {
        for (const cell of naiveCells(line, separator)) {
          expect(
            startsAsFormula(cell),
            `${JSON.stringify(cell)} split on ${JSON.stringify(separator)}`,
          ).toBe(false);
        }
      }
    }
  });
});

describe("csvCell", () => {
  it("quotes per RFC 4180 after neutralising", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell("a,=1")).toBe('"a,\'=1"');
    expect(csvCell("=1\n=2")).toBe("\"'=1\n'=2\"");
    expect(csvRow(["=1", "a;b"])).toBe("'=1,a;b\r\n");
  });
});
