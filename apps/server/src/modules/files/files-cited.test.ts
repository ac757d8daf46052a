import { citedFileId, MISSING_FILES_MAX, type ThreadResponse } from "@nexus/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { untilDone, upload } from "../../../test/files-kit.ts";
import { createHarness, type Harness } from "../../../test/harness.ts";

/**
 * A file cited by an answer, then deleted: the thread keeps its text and sources, and
 * GET /api/files/missing tells the page which cited files are gone (the page then shows
 * "File deleted" instead of a link to a download that would be a 404).
 */

const LOG = [
  "Harbour pilots' log for the winter season.",
  "The pilots logged 412 arrivals, most of them trawlers from the western grounds.",
].join(" ");
const TIDES = "Tide tables: the spring tide at the north pier rose 5.2 metres in March.";

let h: Harness;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
let logId = "";
let tidesId = "";
beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
  alice = await h.signIn("alice-cited@acme.com");
  bob = await h.signIn("bob-cited@acme.com");
  for (const [name, text] of [
    ["pilots-log.txt", LOG],
    ["tides.txt", TIDES],
  ] as const) {
    const res = await upload(h, alice.cookie, name, text);
    const { id } = (await res.json()) as { id: string };
    await untilDone(h, alice.cookie, id);
    if (name === "tides.txt") tidesId = id;
    else logId = id;
  }
});
afterAll(async () => {
  await h.close();
});

function missing(cookie: string | undefined, ids: string) {
  return h.request(`/api/files/missing?ids=${ids}`, cookie ? { cookie } : {});
}

describe("a cited file that was deleted", () => {
  it("keeps the thread's text and sources; the missing-files lookup names the deleted file", async () => {
    const res = await h.request("/api/answer", {
      method: "POST",
      cookie: alice.cookie,
      body: { text: "How many arrivals did the pilots log?", focusMode: "local" },
    });
    const stream = await res.text();
    const threadId = /"threadId":"([A-Za-z0-9_-]+)"/.exec(stream)?.[1] ?? "";
    expect(threadId).not.toBe("");
    const before = (await (
      await h.request(`/api/threads/${threadId}`, { cookie: alice.cookie })
    ).json()) as ThreadResponse;
    const entry = before.entries[0];
    expect(entry?.results.markdown).toContain("412 arrivals");
    const cited = (entry?.results.sources ?? []).map((s) => citedFileId(s.url));
    expect(cited).toContain(logId);

    expect(await (await missing(alice.cookie, `${logId},${tidesId}`)).json()).toEqual({
      missing: [],
    });
    const deleted = await h.request(`/api/files/${logId}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(deleted.status).toBe(204);

    // The thread is as it was: its text, its sources (with their titles) all kept.
    const after = (await (
      await h.request(`/api/threads/${threadId}`, { cookie: alice.cookie })
    ).json()) as ThreadResponse;
    expect(after).toEqual(before);
    // The page asks which of the thread's cited files are gone.
    const ids = [...new Set(cited.filter((id): id is string => id !== null))];
    const res2 = await missing(alice.cookie, [...ids, tidesId].join(","));
    expect(res2.status).toBe(200);
    expect(await res2.json()).toEqual({ missing: [logId] });
    // The download a stale link pointed to is gone.
    const download = await h.request(`/api/files/${logId}/download`, { cookie: alice.cookie });
    expect(download.status).toBe(404);
  });

  it("answers only for the caller's own files: another person's file is missing to them", async () => {
    expect(await (await missing(bob.cookie, tidesId)).json()).toEqual({ missing: [tidesId] });
    expect(await (await missing(alice.cookie, tidesId)).json()).toEqual({ missing: [] });
    expect((await missing(undefined, tidesId)).status).toBe(401);
    const anon = await h.request(`/api/files/missing?ids=${tidesId}`, {
      anonId: "anon_1795000000000_cited001",
    });
    expect(anon.status).toBe(401);
  });

  it("refuses a malformed lookup with a clear message", async () => {
    const cases: Array<[string, string]> = [
      ["", "Give the file ids to look up."],
      ["?ids=", "Give the file ids to look up."],
      ["?ids=not-an-id", "A file id is not valid."],
      [`?ids=${tidesId},../etc`, "A file id is not valid."],
      [
        `?ids=${Array.from({ length: MISSING_FILES_MAX + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`).join(",")}`,
        `Ask about at most ${MISSING_FILES_MAX} files at once.`,
      ],
    ];
    for (const [query, message] of cases) {
      const res = await h.request(`/api/files/missing${query}`, { cookie: alice.cookie });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    // The same id twice is asked about once.
    expect(await (await missing(alice.cookie, `${tidesId},${tidesId}`)).json()).toEqual({
      missing: [],
    });
  });
});
