import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Issue 38: the guides say only what exists. A route whose screen is a placeholder (it says the
// feature is still being built) must not be named by any guide, and the offline engine, which
// quotes the guides, then never offers it as available.

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const ROUTES = path.join(ROOT, "apps/web/src/app/routes/app");
const CONTENT = path.join(ROOT, "content");

/** The path a route file's doc comment names when the file renders a placeholder, else null. */
function placeholderPath(source: string): string | null {
  if (!/<\w*Placeholder\b/.test(source)) return null;
  // "/** /app/nexdocs/:documentId(/:threadId): …" → "/app/nexdocs"
  const named = /\/\*\*\s*(\/app\/[\w/-]*)/.exec(source)?.[1];
  return named ? named.replace(/\/$/, "").replace(/\/:.*$/, "") : null;
}

/** The route files that render a placeholder, with the path their doc comment names. */
function placeholderRoutes(): { file: string; path: string }[] {
  return fs
    .readdirSync(ROUTES)
    .filter((f) => f.endsWith(".tsx"))
    .flatMap((file) => {
      const named = placeholderPath(fs.readFileSync(path.join(ROUTES, file), "utf8"));
      return named ? [{ file, path: named }] : [];
    });
}

function guides(): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".md"))
        out.push({ file: path.relative(ROOT, full), text: fs.readFileSync(full, "utf8") });
    }
  };
  walk(CONTENT);
  return out;
}

describe("guides name no route that shows a placeholder", () => {
  it("tells a placeholder route by its screen, and finds none today (NexDocs and extraction are real)", () => {
    const route = (body: string) =>
      `/** /app/labs/:id: the lab. */\nexport default () => ${body};\n`;
    expect(placeholderPath(route('<SpecialistPlaceholder name="Labs" />'))).toBe("/app/labs");
    expect(placeholderPath(route("<LabsScreen />"))).toBeNull();
    expect(placeholderRoutes()).toEqual([]);
  });

  it("no guide names a route that shows a placeholder", () => {
    const routes = placeholderRoutes();
    const offending: string[] = [];
    for (const guide of guides())
      for (const route of routes)
        if (guide.text.includes(route.path)) offending.push(`${guide.file} names ${route.path}`);
    expect(offending).toEqual([]);
  });
});
