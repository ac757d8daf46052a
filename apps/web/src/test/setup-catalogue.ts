import { needCatalogue } from "@/lib/i18n/i18n.ts";

// Components under test read the app's strings (the browser loads them with the app's code,
// src/main.tsx), deep research's (loaded with its screens and the share page), the document
// screens' (loaded with the document routes and the citation panel, app/router.tsx) and structured
// extraction's (with its screen). Not in the isolated project's setup: zod-jitless.test.ts must
// import zod first.
await Promise.all(
  (["app", "research", "documents", "extraction", "agents"] as const).map((part) =>
    needCatalogue(part),
  ),
);
