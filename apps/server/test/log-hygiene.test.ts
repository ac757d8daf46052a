import { afterAll, beforeAll, expect, it } from "vitest";
import { untilDone, upload } from "./files-kit.ts";
import { cookieOf, createHarness, type Harness, tokenOf } from "./harness.ts";

/**
 * Gate G15, the log half: sign-in, an answer, a share, an upload and failing requests through the
 * real app (debug level, every log line captured). No line holds the e-mail address, the
 * sign-in token, the session cookie's value, the question, the document's text or the share's
 * owner-only data.
 */
const EMAIL = "hygiene.person@private-domain.example";
const QUESTION = "Why does my neighbour Quillon Brackenbury owe me 4812 euros?";
const DOCUMENT = "Confidential ledger of Marisol Threnody: account 99-7731-0042, balance owed.";
let h: Harness;

beforeAll(async () => {
  h = await createHarness({}, { jobs: true });
});
afterAll(async () => {
  await h?.close();
});

it("no log line holds a token, cookie, e-mail, question or document text (G15)", async () => {
  // Sign-in: the link (its token) goes by e-mail; completing it sets the session cookie.
  const link = await h.requestLink(EMAIL);
  const token = tokenOf(link);
  expect(token).toMatch(/^[\w-]{43}$/);
  // A wrong e-mail with the right token first: a refusal that must not log either.
  const wrong = await h.request("/api/auth/email-link/complete", {
    method: "POST",
    body: { token, email: "someone.else@private-domain.example" },
  });
  expect(wrong.status).toBeGreaterThanOrEqual(400);
  const done = await h.request("/api/auth/email-link/complete", {
    method: "POST",
    body: { token, email: EMAIL },
  });
  expect(done.status).toBe(200);
  const cookie = cookieOf(done);
  const session = cookie.split("=")[1] ?? "";
  expect(session.length).toBeGreaterThan(20);

  // An answer, then a share of it and a stranger's read of the share.
  const answer = await h.request("/api/answer", {
    method: "POST",
    cookie,
    body: { text: QUESTION },
  });
  expect(answer.status).toBe(200);
  await answer.text();
  const history = (await (await h.request("/api/history", { cookie })).json()) as {
    threads: { threadId: string }[];
  };
  const threadId = history.threads[0]?.threadId;
  expect(threadId).toBeTruthy();
  const shared = await h.request("/api/shares", { method: "POST", cookie, body: { threadId } });
  expect(shared.status).toBe(201);
  const { shareId } = (await shared.json()) as { shareId: string };
  expect((await h.request(`/api/shares/${shareId}`)).status).toBe(200);

  // An upload, read to the end by the ingestion job.
  const uploaded = await upload(h, cookie, "ledger.txt", DOCUMENT);
  expect(uploaded.status).toBe(201);
  const { id } = (await uploaded.json()) as { id: string };
  await untilDone(h, cookie, id);

  // Errors: a forged session, a malformed body, an unknown thread, a used token again.
  const forged = await h.request("/api/history", { cookie: `${cookie}x` });
  expect(forged.status).toBe(401);
  const malformed = await h.request("/api/answer", {
    method: "POST",
    cookie,
    body: { text: QUESTION, focusMode: { bogus: EMAIL } },
  });
  expect(malformed.status).toBe(400);
  expect((await h.request("/api/threads/not-a-thread", { cookie })).status).toBe(404);
  const reused = await h.request("/api/auth/email-link/complete", {
    method: "POST",
    body: { token, email: EMAIL },
  });
  expect(reused.status).toBeGreaterThanOrEqual(400);

  const logs = h.logs.join("");
  // The flows above did log (requests at debug level): an empty log would prove nothing.
  expect(logs).toContain("/api/answer");
  const secrets = {
    email: EMAIL,
    "e-mail's local part": "hygiene.person",
    "sign-in token": token,
    "session cookie": session,
    question: "Quillon Brackenbury",
    "question (any part)": "4812 euros",
    document: "Marisol Threnody",
    "document (any part)": "99-7731-0042",
  };
  const found = Object.entries(secrets)
    .filter(([, value]) => logs.includes(value))
    .map(([name]) => name);
  expect(found, "secrets in the log").toEqual([]);
});
