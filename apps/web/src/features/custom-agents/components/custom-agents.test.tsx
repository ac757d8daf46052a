import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clearAgentChats } from "@/features/agents/lib/agent-chat-store.ts";
import { exportFileName, importKnowledgeNotice } from "../lib/agent-export.ts";
import { lastGrapheme } from "../lib/editor-options.ts";
import { CustomAgentEditor } from "./custom-agent-editor.tsx";
import { CustomAgentsHub } from "./custom-agents-hub.tsx";
import {
  ChatAt,
  json,
  MINE,
  renderAt,
  ShareAt,
  server,
  THEIRS,
} from "./custom-agents-test-kit.tsx";

const hub = () =>
  renderAt("/app/agents/custom", <Route path="/app/agents/custom" element={<CustomAgentsHub />} />);

afterEach(() => {
  clearAgentChats();
  vi.unstubAllGlobals();
});

describe("CustomAgentsHub", () => {
  it("lists own agents with the owner's actions and shared ones with Chat and Duplicate only", async () => {
    server({
      own: [{ ...MINE, sharePath: "/app/agents/custom/shared/tok" }],
      sharedWithMe: [THEIRS],
    });
    hub();
    const own = await screen.findByTestId("own-agent-card");
    expect(within(own).getByText("Recipe helper")).toBeInTheDocument();
    expect(within(own).getByText("Shared")).toBeInTheDocument();
    for (const name of ["Edit", "Duplicate", "Copy link", "Stop sharing", "Export", "Delete"]) {
      expect(within(own).getByRole("button", { name })).toBeInTheDocument();
    }
    expect(within(own).getByRole("link", { name: "Chat" })).toHaveAttribute(
      "href",
      "/app/agents/custom/a1",
    );
    const shared = screen.getByTestId("shared-agent-card");
    expect(within(shared).getByText("Tax explainer")).toBeInTheDocument();
    expect(within(shared).getByRole("link", { name: "Chat" })).toBeInTheDocument();
    expect(within(shared).getByRole("button", { name: "Duplicate" })).toBeInTheDocument();
    expect(within(shared).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(shared).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Shared with you" })).toBeInTheDocument();
  });

  it("shows the empty state when there are no agents", async () => {
    server({ own: [], sharedWithMe: [] });
    hub();
    expect(await screen.findByTestId("custom-agents-empty")).toHaveTextContent(
      "No custom agents yet",
    );
  });

  it("asks before deleting, saying its conversations stay, then deletes", async () => {
    const { calls } = server({ own: [MINE], sharedWithMe: [] }, [
      (url, init) =>
        init?.method === "DELETE" && url === "/api/custom-agents/a1"
          ? new Response(null, { status: 204 })
          : undefined,
    ]);
    const user = hub();
    await user.click(
      within(await screen.findByTestId("own-agent-card")).getByRole("button", { name: "Delete" }),
    );
    const dialog = await screen.findByTestId("delete-agent-dialog");
    expect(dialog).toHaveTextContent("Its conversations stay in your history");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === "DELETE" && c.url === "/api/custom-agents/a1")).toBe(
        true,
      ),
    );
  });

  it("shares an agent and shows its link", async () => {
    server({ own: [MINE], sharedWithMe: [] }, [
      (url, init) =>
        init?.method === "POST" && url === "/api/custom-agents/a1/share"
          ? json({ ...MINE, sharePath: "/app/agents/custom/shared/tok123" })
          : undefined,
    ]);
    const user = hub();
    await user.click(
      within(await screen.findByTestId("own-agent-card")).getByRole("button", { name: "Share" }),
    );
    const link = await screen.findByDisplayValue(/\/app\/agents\/custom\/shared\/tok123$/);
    expect(link).toBeInTheDocument();
  });

  it("shows why an import failed", async () => {
    server({ own: [MINE], sharedWithMe: [] }, [
      (url, init) =>
        init?.method === "POST" && url === "/api/custom-agents/import"
          ? json({ error: { code: "bad_request", message: "This is not an exported agent." } }, 400)
          : undefined,
    ]);
    const user = hub();
    await screen.findByTestId("own-agent-card");
    const file = new File([JSON.stringify({ format: "other" })], "agent.json", {
      type: "application/json",
    });
    await user.upload(screen.getByTestId("import-input"), file);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not import “agent.json”: This is not an exported agent.",
    );
  });
});

describe("helpers", () => {
  it("says which named knowledge files an import kept and which it could not add", () => {
    expect(importKnowledgeNotice({ name: "Tutor", knowledgeKept: [], knowledgeDropped: [] })).toBe(
      null,
    );
    expect(importKnowledgeNotice({ name: "Tutor" })).toBe(null);
    expect(
      importKnowledgeNotice({
        name: "Tutor",
        knowledgeKept: ["syllabus.pdf"],
        knowledgeDropped: ["notes.md", "old.txt"],
      }),
    ).toBe(
      "Tutor was imported. It knows “syllabus.pdf”, already in your files. Not in your files, so not added to its knowledge: “notes.md”, “old.txt”. Add them in its editor.",
    );
  });

  it("names the export after the agent, safely", () => {
    expect(exportFileName("Recipe helper")).toBe("Recipe helper.json");
    expect(exportFileName("a/b:c")).toBe("a b c.json");
    expect(exportFileName("  ")).toBe("agent.json");
  });

  it("keeps one emoji (the last typed, whole)", () => {
    expect(lastGrapheme("🤖🧑‍💻")).toBe("🧑‍💻");
    expect(lastGrapheme("")).toBe("");
  });
});

describe("CustomAgentExport", () => {
  it("downloads <name>.json with the export", async () => {
    const exported = { format: "nexus-custom-agent", version: 1, agent: { name: "Recipe helper" } };
    server({ own: [MINE], sharedWithMe: [] }, [
      (url) => (url === "/api/custom-agents/a1/export" ? json(exported) : undefined),
    ]);
    const created: Blob[] = [];
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return "blob:x";
    };
    URL.revokeObjectURL = () => undefined;
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const user = hub();
    await user.click(
      within(await screen.findByTestId("own-agent-card")).getByRole("button", { name: "Export" }),
    );
    await vi.waitFor(() => expect(names).toEqual(["Recipe helper.json"]));
    const blob = created[0];
    if (!blob) throw new Error("nothing downloaded");
    expect(JSON.parse(await blob.text())).toEqual(exported);
    click.mockRestore();
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });
});

// The editor is a long form: rendering it in jsdom takes seconds on a busy 2-core machine.
describe("CustomAgentEditor", { timeout: 20_000 }, () => {
  function renderEditor(onSaved = vi.fn()) {
    renderAt(
      "/e",
      <Route
        path="/e"
        element={<CustomAgentEditor onSaved={onSaved} onCancel={() => undefined} />}
      />,
    );
    return { user: userEvent.setup(), onSaved };
  }

  it("counts the instructions, checks required fields, and sends the chosen tools", async () => {
    const { calls } = server({ own: [], sharedWithMe: [] }, [
      (url, init) =>
        init?.method === "POST" && url === "/api/custom-agents"
          ? json({ ...MINE, id: "new1" }, 201)
          : undefined,
    ]);
    const { user, onSaved } = renderEditor();
    expect(screen.getByTestId("instructions-counter")).toHaveTextContent("0 / 8,000");
    await user.click(screen.getByRole("button", { name: "Create agent" }));
    expect(await screen.findByText("A name is required")).toBeInTheDocument();
    expect(screen.getByText("Instructions are required")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.type(screen.getByLabelText("Name"), "Chef");
    await user.type(screen.getByLabelText("Instructions"), "Be brief.");
    expect(screen.getByTestId("instructions-counter")).toHaveTextContent("9 / 8,000");
    await user.click(screen.getByRole("checkbox", { name: "Search the web" }));
    await user.click(screen.getByRole("checkbox", { name: "Run code (Python, JavaScript)" }));
    await user.click(screen.getByRole("radio", { name: "Teal" }));
    await user.click(screen.getByRole("button", { name: "Use 🍳" }));
    await user.click(screen.getByRole("button", { name: "Add a starter" }));
    await user.type(screen.getByLabelText("Starter 1"), "Dinner ideas?");
    await user.click(screen.getByRole("button", { name: "Create agent" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      name: "Chef",
      emoji: "🍳",
      color: "teal",
      instructions: "Be brief.",
      starters: ["Dinner ideas?"],
      tools: ["web-search", "run-code"],
      model: "default",
    });
  });

  it("shows the server's validation issues by field", async () => {
    server({ own: [], sharedWithMe: [] }, [
      (_url, init) =>
        init?.method === "POST"
          ? json(
              {
                error: {
                  code: "bad_request",
                  message: "The agent is not valid.",
                  issues: [{ path: "name", message: "That name is taken" }],
                },
              },
              400,
            )
          : undefined,
    ]);
    const { user } = renderEditor();
    await user.type(screen.getByLabelText("Name"), "Chef");
    await user.type(screen.getByLabelText("Instructions"), "Be brief.");
    await user.click(screen.getByRole("button", { name: "Create agent" }));
    expect(await screen.findByText("That name is taken")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
  });
});

describe("custom agent chat and share link", () => {
  const sse = (chunks: readonly object[]) =>
    chunks
      .map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`)
      .join("")
      .concat("data: [DONE]\n\n");

  it("posts to the custom agent's chat endpoint and takes the conversation's URL", async () => {
    const { calls } = server({ own: [MINE], sharedWithMe: [] }, [
      (url) =>
        url === "/api/custom-agents/a1/chat"
          ? new Response(
              sse([
                {
                  type: "start",
                  messageId: "e1",
                  messageMetadata: { entryId: "e1", threadId: "T9", agentId: "custom:a1" },
                },
                { type: "start-step" },
                { type: "text-start", id: "t" },
                { type: "text-delta", id: "t", delta: "Try a frittata." },
                { type: "text-end", id: "t" },
                { type: "finish-step" },
                { type: "finish" },
              ]),
              {
                headers: {
                  "content-type": "text/event-stream",
                  "x-vercel-ai-ui-message-stream": "v1",
                },
              },
            )
          : undefined,
    ]);
    const user = renderAt(
      "/app/agents/custom/a1",
      <>
        <Route path="/app/agents/custom/:agentId" element={<ChatAt />} />
        <Route path="/app/agents/custom/:agentId/:threadId" element={<ChatAt />} />
      </>,
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Recipe helper" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId("custom-agent-avatar")).toHaveTextContent("🍳");
    expect(screen.getByRole("button", { name: "Edit" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "What can I cook tonight?" }));
    expect(await screen.findByTestId("markdown")).toHaveTextContent("Try a frittata.");
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/custom-agents/a1/chat")).toBe(
      true,
    );
    await vi.waitFor(() =>
      expect(screen.getByTestId("where")).toHaveTextContent("/app/agents/custom/a1/T9"),
    );
  });

  it("a link holder's chat has no Edit", async () => {
    server({ own: [], sharedWithMe: [THEIRS] });
    renderAt(
      "/app/agents/custom/b2",
      <Route path="/app/agents/custom/:agentId" element={<ChatAt />} />,
    );
    expect(
      await screen.findByRole("heading", { level: 1, name: "Tax explainer" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Edit" })).toBeNull();
  });

  it("an agent not in the list is asked for; a 404 is the not-found page", async () => {
    server({ own: [], sharedWithMe: [] }, [
      (url) =>
        url === "/api/custom-agents/zz"
          ? json({ error: { code: "not_found", message: "Not found." } }, 404)
          : undefined,
      (url) => (url === "/api/custom-agents/b2" ? json(THEIRS) : undefined),
    ]);
    renderAt(
      "/app/agents/custom/zz",
      <Route path="/app/agents/custom/:agentId" element={<ChatAt />} />,
    );
    expect(await screen.findByRole("link", { name: "Back to Nexus" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("a share link opens the agent's chat, or says it is not valid any more", async () => {
    server({ own: [], sharedWithMe: [THEIRS] }, [
      (url) => (url === "/api/custom-agents/shared/good" ? json(THEIRS) : undefined),
      (url) =>
        url === "/api/custom-agents/shared/gone"
          ? json({ error: { code: "not_found", message: "Not found." } }, 404)
          : undefined,
    ]);
    renderAt(
      "/app/agents/custom/shared/good",
      <Route path="/app/agents/custom/shared/:token" element={<ShareAt />} />,
    );
    await vi.waitFor(() =>
      expect(screen.getByTestId("where")).toHaveTextContent("/app/agents/custom/b2"),
    );
  });

  it("a revoked share link says so", async () => {
    server({ own: [], sharedWithMe: [] }, [
      (url) =>
        url === "/api/custom-agents/shared/gone"
          ? json({ error: { code: "not_found", message: "Not found." } }, 404)
          : undefined,
    ]);
    renderAt(
      "/app/agents/custom/shared/gone",
      <Route path="/app/agents/custom/shared/:token" element={<ShareAt />} />,
    );
    expect(await screen.findByTestId("share-link-invalid")).toHaveTextContent(
      "This link is not valid any more",
    );
  });
});
