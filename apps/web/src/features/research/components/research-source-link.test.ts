import { describe, expect, it } from "vitest";
import { sourceTarget } from "./research-source-link.tsx";

const FILE = "11111111-1111-4111-8111-111111111111";

describe("sourceTarget", () => {
  it("opens a file's passage with its checked quote, to be marked there", () => {
    const source = {
      url: `/app/document-chat/${FILE}?chunk=4`,
      fileId: FILE,
      kind: "file" as const,
    };
    expect(sourceTarget(source, "ninety percent of the glass")).toEqual({
      internal: true,
      href: `/app/document-chat/${FILE}?chunk=4&quote=ninety%20percent%20of%20the%20glass`,
    });
    expect(sourceTarget(source, null)).toEqual({ internal: true, href: source.url });
  });

  it("adds no quote to a link without a passage, and opens web pages as they are", () => {
    const file = { url: `/app/document-chat/${FILE}`, fileId: FILE, kind: "file" as const };
    expect(sourceTarget(file, "a quote")?.href).toBe(`/app/document-chat/${FILE}`);
    const web = { url: "https://example.org/a", fileId: null, kind: "web" as const };
    expect(sourceTarget(web, "a quote")).toEqual({
      internal: false,
      href: "https://example.org/a",
    });
    const hostile = { url: "javascript:alert(1)", fileId: null, kind: "web" as const };
    expect(sourceTarget(hostile, null)).toBeNull();
  });
});
