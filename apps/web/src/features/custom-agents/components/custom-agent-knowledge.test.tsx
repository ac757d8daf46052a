import {
  type CustomAgent,
  type FileListItem,
  fileCitationTitle,
  fileCitationUrl,
  KNOWLEDGE_FILE_NOT_YOURS,
} from "@nexus/contracts";
import { screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AttachClient, AttachClientContext } from "@/components/chat/attach/attach-client.ts";
import { clearAgentChats } from "@/features/agents/lib/agent-chat-store.ts";
import { CustomAgentEditor } from "./custom-agent-editor.tsx";
import { CustomAgentsHub } from "./custom-agents-hub.tsx";
import {
  ChatAt,
  json,
  MINE,
  NO_FILES,
  renderAt,
  server,
  THEIRS,
} from "./custom-agents-test-kit.tsx";
import { knowledgeCandidates } from "./knowledge-picker.tsx";
import { knowledgeRoomText } from "./knowledge-upload.tsx";

/** The custom agent editor's Knowledge section, "Knows N files", and file citations in its chat. */

afterEach(() => {
  clearAgentChats();
  vi.unstubAllGlobals();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function file(n: number, name: string, over: Partial<FileListItem> = {}): FileListItem {
  return {
    id: uuid(n),
    name,
    kind: "pdf",
    size: 1000,
    status: "ready",
    error: null,
    pages: 3,
    warnings: [],
    needsPassword: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    match: null,
    ...over,
  };
}

const REPORT = file(1, "harbour report.pdf", { pages: 12 });
const MENU = file(2, "menu.docx", { kind: "docx", pages: 1 });
const READING = file(3, "scan.pdf", { status: "parsing", pages: null });
const BROKEN = file(4, "broken.pdf", { status: "failed", error: "This file is damaged." });

const filesResponse = (files: FileListItem[]) => ({ ...NO_FILES, files });
const filesAt = (files: FileListItem[]) => (url: string) =>
  url === "/api/files" ? json(filesResponse(files)) : undefined;

function renderEditor(agent?: CustomAgent, onSaved = vi.fn()) {
  const user = renderAt(
    "/e",
    <Route
      path="/e"
      element={
        <CustomAgentEditor
          {...(agent ? { agent } : {})}
          onSaved={onSaved}
          onCancel={() => undefined}
        />
      }
    />,
  );
  return { user, onSaved };
}

/** The required fields, pasted (typing them key by key adds nothing to what is tested here). */
async function fillRequired(user: ReturnType<typeof renderAt>) {
  await user.click(screen.getByLabelText("Name"));
  await user.paste("Harbour guide");
  await user.click(screen.getByLabelText("Instructions"));
  await user.paste("Answer from the report.");
}

// The editor is a long form: rendering it in jsdom takes seconds on a busy 2-core machine.
describe("the knowledge picker", { timeout: 20_000 }, () => {
  it("offers the person's ready files with their pages, and sends the chosen ones", async () => {
    const { calls } = server({ own: [], sharedWithMe: [] }, [
      filesAt([REPORT, MENU, READING, BROKEN]),
      (url, init) =>
        init?.method === "POST" && url === "/api/custom-agents"
          ? json({ ...MINE, id: "new1" }, 201)
          : undefined,
    ]);
    const { user, onSaved } = renderEditor();
    const picker = await screen.findByTestId("knowledge-picker");
    const list = await within(picker).findByRole("list", { name: "Your files" });
    const boxes = within(list).getAllByRole("checkbox");
    // Files still being read or failed are not offered.
    expect(boxes.map((b) => b.closest("label")?.textContent)).toEqual([
      "harbour report.pdf12 pages",
      "menu.docx1 page",
    ]);
    expect(within(picker).getByTestId("knowledge-count")).toHaveTextContent("0 / 20 files");
    expect(within(picker).getByRole("link", { name: /Upload files/ })).toHaveAttribute(
      "href",
      "/app/files",
    );
    await fillRequired(user);
    await user.click(within(list).getByRole("checkbox", { name: /harbour report\.pdf/ }));
    expect(within(picker).getByTestId("knowledge-count")).toHaveTextContent("1 / 20 files");
    await user.click(screen.getByRole("button", { name: "Create agent" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      knowledgeFileIds: [REPORT.id],
    });
  });

  it("finds files by name when there are many, and says when none matches", async () => {
    const many = Array.from({ length: 9 }, (_, i) => file(10 + i, `notes ${i + 1}.md`));
    server({ own: [], sharedWithMe: [] }, [filesAt([REPORT, ...many])]);
    const { user } = renderEditor();
    const search = await screen.findByRole("searchbox", { name: "Find a file" });
    await user.click(search);
    await user.paste("HARBOUR");
    const list = screen.getByRole("list", { name: "Your files" });
    expect(within(list).getAllByRole("checkbox")).toHaveLength(1);
    await user.clear(search);
    await user.paste("zebra");
    expect(screen.getByText("No file matches “zebra”.")).toBeInTheDocument();
  });

  it("stops at 20 files", async () => {
    const many = Array.from({ length: 21 }, (_, i) => file(100 + i, `part ${i + 1}.txt`));
    const agent: CustomAgent = {
      ...MINE,
      knowledgeFiles: many.slice(0, 20).map(({ id, name, status, pages }) => ({
        id,
        name,
        status,
        pages,
      })),
      knowledgeCount: 20,
    };
    server({ own: [agent], sharedWithMe: [] }, [filesAt(many)]);
    renderEditor(agent);
    const list = await screen.findByRole("list", { name: "Your files" });
    const last = await within(list).findByRole("checkbox", { name: /part 21\.txt/ });
    expect(last).toBeDisabled();
    expect(within(list).getByRole("checkbox", { name: /part 1\.txt/ })).toBeChecked();
    expect(screen.getByText(/An agent knows at most 20 files/)).toBeInTheDocument();
  });

  it("keeps a chosen file that is not ready in view, so it can be taken out", () => {
    const known = [{ id: uuid(9), name: "gone-from-list.pdf", status: "ready" as const, pages: 2 }];
    const shown = knowledgeCandidates([REPORT, READING], [READING.id, uuid(9)], known);
    expect(shown.map((f) => f.name)).toEqual([
      "harbour report.pdf",
      "scan.pdf",
      "gone-from-list.pdf",
    ]);
  });

  it("has an empty state that leads to the files page", async () => {
    server({ own: [], sharedWithMe: [] });
    renderEditor();
    const empty = await screen.findByTestId("knowledge-empty");
    expect(empty).toHaveTextContent("You have no files yet.");
    expect(within(empty).getByRole("link", { name: /Upload files/ })).toHaveAttribute(
      "href",
      "/app/files",
    );
  });

  it("says when the files could not be loaded, and retries", async () => {
    let failing = true;
    server({ own: [], sharedWithMe: [] }, [
      (url) =>
        url === "/api/files"
          ? failing
            ? json({ error: { code: "internal", message: "Something went wrong." } }, 500)
            : json(filesResponse([MENU]))
          : undefined,
    ]);
    const { user } = renderEditor();
    const picker = await screen.findByTestId("knowledge-picker");
    expect(await within(picker).findByRole("alert")).toHaveTextContent(
      "Your files could not be loaded.",
    );
    failing = false;
    await user.click(within(picker).getByRole("button", { name: "Retry" }));
    expect(await within(picker).findByRole("checkbox", { name: /menu\.docx/ })).toBeInTheDocument();
  });

  it("shows the server's refusal of a file under Knowledge", async () => {
    server({ own: [], sharedWithMe: [] }, [
      filesAt([REPORT]),
      (_url, init) =>
        init?.method === "POST"
          ? json(
              {
                error: {
                  code: "bad_request",
                  message: KNOWLEDGE_FILE_NOT_YOURS,
                  issues: [{ path: "knowledgeFileIds", message: KNOWLEDGE_FILE_NOT_YOURS }],
                },
              },
              400,
            )
          : undefined,
    ]);
    const { user } = renderEditor();
    await fillRequired(user);
    await user.click(await screen.findByRole("checkbox", { name: /harbour report\.pdf/ }));
    await user.click(screen.getByRole("button", { name: "Create agent" }));
    const picker = screen.getByTestId("knowledge-picker");
    expect(await within(picker).findByText(KNOWLEDGE_FILE_NOT_YOURS)).toBeInTheDocument();
  });
});

/** An attach client whose uploads the server takes as new files still being read. */
function attachClient(uploaded: FileListItem[]) {
  let next = 0;
  const upload = vi.fn<AttachClient["upload"]>(async (_file, { onProgress }) => {
    onProgress(1);
    const made = uploaded[next++];
    if (!made) throw new Error("no more files");
    return made;
  });
  const client: AttachClient = {
    upload,
    discard: vi.fn(),
    listFiles: vi.fn(),
    useProgress: () => null,
    requestSignIn: vi.fn(),
  };
  return { client, upload };
}

describe("uploading knowledge inside the editor", { timeout: 20_000 }, () => {
  it("ticks each uploaded file while it is read, sends it, and stops at the agent's room", async () => {
    const fresh = file(30, "minutes.pdf", { status: "parsing", pages: null });
    let listed: FileListItem[] = [REPORT];
    const { calls } = server({ own: [], sharedWithMe: [] }, [
      (url) => (url === "/api/files" ? json(filesResponse(listed)) : undefined),
      (url, init) =>
        init?.method === "POST" && url === "/api/custom-agents"
          ? json({ ...MINE, id: "new1" }, 201)
          : undefined,
    ]);
    const { client, upload } = attachClient([fresh]);
    const onSaved = vi.fn();
    const user = renderAt(
      "/e",
      <Route
        path="/e"
        element={
          <AttachClientContext value={client}>
            <CustomAgentEditor onSaved={onSaved} onCancel={() => undefined} />
          </AttachClientContext>
        }
      />,
    );
    const picker = await screen.findByTestId("knowledge-picker");
    await within(picker).findByRole("checkbox", { name: /harbour report\.pdf/ });
    listed = [fresh, REPORT];
    await user.upload(
      within(picker).getByTestId("knowledge-upload-input"),
      new File(["%PDF-1.4"], "minutes.pdf", { type: "application/pdf" }),
    );
    expect(upload).toHaveBeenCalledTimes(1);
    const row = await within(picker).findByRole("checkbox", { name: /minutes\.pdf/ });
    expect(row).toBeChecked();
    expect(row.closest("label")).toHaveTextContent("Being read");
    expect(within(picker).getByTestId("knowledge-count")).toHaveTextContent("1 / 20 files");
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Create agent" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      knowledgeFileIds: [fresh.id],
    });
  });

  it("says how many it took when more files are chosen than the agent can still know", () => {
    expect(knowledgeRoomText(2)).toBe(
      "An agent knows at most 20 files: only the first 2 were uploaded.",
    );
    expect(knowledgeRoomText(0)).toBe(
      "An agent knows at most 20 files: take one out to add another.",
    );
  });
});

describe("an agent's knowledge elsewhere", () => {
  it("the hub card says how many files it knows, and marks one that needs a model", async () => {
    server({
      own: [{ ...MINE, knowledgeCount: 3 }],
      sharedWithMe: [{ ...THEIRS, knowledgeCount: 0, available: false }],
    });
    renderAt("/h", <Route path="/h" element={<CustomAgentsHub />} />);
    const own = await screen.findByTestId("own-agent-card");
    expect(within(own).getByTestId("knowledge-badge")).toHaveTextContent("Knows 3 files");
    expect(within(own).queryByTestId("needs-model-badge")).toBeNull();
    const shared = screen.getByTestId("shared-agent-card");
    expect(within(shared).queryByTestId("knowledge-badge")).toBeNull();
    expect(within(shared).getByTestId("needs-model-badge")).toHaveTextContent("Needs a model");
  });

  /** The conversation as GET /api/threads/:id gives it. */
  const THREAD = {
    threadId: "T1",
    kind: "agent",
    subject: { id: "custom:b2", name: "Harbour agent" },
    entries: [],
    messages: [
      {
        id: "e1-question",
        role: "user",
        parts: [{ type: "text", text: "When was the breakwater repaired?" }],
      },
      {
        id: "e1",
        role: "assistant",
        metadata: { entryId: "e1", threadId: "T1", agentId: "custom:b2" },
        parts: [
          {
            type: "source-url",
            sourceId: "1",
            url: fileCitationUrl(REPORT.id, 4, 0),
            title: fileCitationTitle(REPORT.name, 4),
          },
          { type: "text", text: "In March [1].", state: "done" },
        ],
      },
    ],
  };

  async function openThread(agent: CustomAgent) {
    server({ own: agent.isOwner ? [agent] : [], sharedWithMe: agent.isOwner ? [] : [agent] }, [
      (url) => (url.startsWith("/api/threads/T1?kind=agent") ? json(THREAD) : undefined),
    ]);
    renderAt(
      `/app/agents/custom/${agent.id}/T1`,
      <Route path="/app/agents/custom/:agentId/:threadId" element={<ChatAt />} />,
    );
    return within(await screen.findByRole("navigation", { name: "Sources" }));
  }

  it("its owner's chat links a cited file to its page, and the header says what it knows", async () => {
    const sources = await openThread({ ...MINE, id: "b2", knowledgeCount: 1 });
    expect(sources.getByRole("link", { name: /harbour report\.pdf, p\. 4/ })).toHaveAttribute(
      "href",
      fileCitationUrl(REPORT.id, 4, 0),
    );
    expect(screen.getByTestId("knowledge-badge")).toHaveTextContent("Knows 1 file");
  });

  it("a link holder sees the file and page cited, with no download link", async () => {
    const sources = await openThread({ ...THEIRS, knowledgeFiles: null, knowledgeCount: 1 });
    expect(sources.queryByRole("link")).toBeNull();
    expect(sources.getByTestId("unlinked-source")).toHaveTextContent(
      "harbour report.pdf, p. 4Not shared",
    );
    expect(document.querySelector(`a[href*="/api/files/"]`)).toBeNull();
  });

  it("offline, an agent with no knowledge shows that it needs a model before anything is typed", async () => {
    server({ own: [{ ...MINE, available: false }], sharedWithMe: [] });
    renderAt(
      "/app/agents/custom/a1",
      <Route path="/app/agents/custom/:agentId" element={<ChatAt />} />,
    );
    expect(await screen.findByText(/This agent needs a language model/)).toBeInTheDocument();
    expect(screen.getByRole("textbox")).toBeDisabled();
  });
});
