import { describe, expect, it } from "vitest";
import { headingId, listField, splitFrontMatter, textField } from "./content.ts";

describe("splitFrontMatter", () => {
  it("reads plain, quoted and list values and returns the body", () => {
    const { fields, body } = splitFrontMatter(
      '---\ntitle: "Sharing: what a link shows"\ndate: 2026-11-22\ntags: [sharing, "privacy"]\ncover: none\n---\n\nBody text.\n',
    );
    expect(textField(fields, "title")).toBe("Sharing: what a link shows");
    expect(textField(fields, "date")).toBe("2026-11-22");
    expect(listField(fields, "tags")).toEqual(["sharing", "privacy"]);
    expect(textField(fields, "missing")).toBe("");
    expect(listField(fields, "missing")).toEqual([]);
    expect(body.trim()).toBe("Body text.");
  });

  it("tolerates CRLF and treats a single value as a one-item list", () => {
    const { fields, body } = splitFrontMatter("---\r\ntags: solo\r\n---\r\nHi\r\n");
    expect(listField(fields, "tags")).toEqual(["solo"]);
    expect(body).toBe("Hi\n");
  });

  it("leaves a file without (or with unclosed) front matter as body", () => {
    expect(splitFrontMatter("# Just text")).toEqual({ fields: {}, body: "# Just text" });
    expect(splitFrontMatter("---\ntitle: x\n").fields).toEqual({});
  });
});

describe("headingId", () => {
  it("makes GitHub-style anchors", () => {
    expect(headingId("Is Nexus free?")).toBe("is-nexus-free");
    expect(headingId("Email: SMTP_URL and MAIL_FROM")).toBe("email-smtp_url-and-mail_from");
    expect(headingId("llama.cpp")).toBe("llamacpp");
    expect(headingId("Local search (default)")).toBe("local-search-default");
    expect(headingId("Sharing and privacy — what a link shows")).toBe(
      "sharing-and-privacy-what-a-link-shows",
    );
    expect(headingId("Q&A: 100% ready")).toBe("qa-100-ready");
  });
});
