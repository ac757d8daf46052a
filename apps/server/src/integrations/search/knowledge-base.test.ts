import fs from "node:fs";
import path from "node:path";
import { COLOR_THEMES, MESSAGES, TIER_LIMITS } from "@nexus/contracts";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../env.ts";
import { LINK_TTL_MINUTES } from "../../modules/auth/auth.service.ts";
import { parseKnowledgeDocument } from "./knowledge-chunker.ts";
import { KNOWLEDGE_DIR, knowledgeFilesIn } from "./knowledge-index.ts";

/** The built-in knowledge base says what the code does: these guard the facts most likely to drift. */

/** "blog/<slug>.md" and "faq.md", relative to content/. */
const files = knowledgeFilesIn(KNOWLEDGE_DIR);
const read = (file: string) => fs.readFileSync(path.join(KNOWLEDGE_DIR, file), "utf8");
/** Wrapped lines joined, so a phrase split across two lines still matches. */
const text = (file: string) => read(file).replace(/\s+/g, " ");
const n = (value: number) => value.toLocaleString("en-US");

describe("knowledge base", () => {
  it("has at least 12 documents, each with a title, summary, tags and several passages", () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const file of files) {
      const slug = path.posix.basename(file, ".md");
      const doc = parseKnowledgeDocument({ slug, markdown: read(file) });
      expect(doc.title, file).not.toBe(slug);
      expect(doc.summary.length, file).toBeGreaterThan(20);
      expect(doc.tags.length, file).toBeGreaterThan(0);
      expect(doc.passages.length, file).toBeGreaterThanOrEqual(3);
    }
  });

  it("states the tier limits of TIER_LIMITS", () => {
    const plans = text("blog/plans-and-limits.md");
    const { anonymous, free, pro } = TIER_LIMITS;
    for (const phrase of [
      `${n(anonymous.search)} searches per day`,
      `${n(free.search)} searches per month`,
      `${n(free.addFiles)} file uploads per month`,
      `${n(free.agentUsage)} agent chats per month`,
      `up to ${n(free.maxChats)} chats`,
      `${n(pro.search)} searches per month`,
      `${n(pro.addFiles)} file uploads per month`,
      `${n(pro.agentUsage)} agent chats per month`,
    ])
      expect(plans).toContain(phrase);
  });

  it("names every colour theme", () => {
    const appearance = text("blog/appearance.md");
    for (const theme of COLOR_THEMES)
      expect(appearance).toContain(theme.charAt(0).toUpperCase() + theme.slice(1));
  });

  it("quotes the sign-in messages of the specification verbatim", () => {
    const signingIn = text("blog/signing-in.md");
    for (const key of [
      "verifyPrompt",
      "verifyPlaceholder",
      "verifyButton",
      "verifyBusy",
      "emailRequired",
      "emailInvalid",
      "verificationFailed",
      "signInFailed",
    ] as const)
      expect(signingIn).toContain(MESSAGES[key]);
    expect(signingIn).toContain(`expires ${LINK_TTL_MINUTES} minutes`);
    expect(signingIn).toContain(`for ${parseEnv({}).SESSION_TTL_DAYS} days`);
  });

  it("mentions only configuration variables that .env.example documents", () => {
    const example = fs.readFileSync(path.resolve(KNOWLEDGE_DIR, "../.env.example"), "utf8");
    const documented = new Set(
      [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]),
    );
    for (const file of files) {
      for (const [name] of read(file).matchAll(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g))
        expect(documented.has(name), `${file}: ${name}`).toBe(true);
    }
  });

  it("describes the six focus modes", () => {
    const focus = text("blog/focus-modes.md");
    for (const mode of ["Web", "Academic", "Video", "Social", "Writing", "Local"])
      expect(focus).toContain(`## ${mode}`);
  });
});
