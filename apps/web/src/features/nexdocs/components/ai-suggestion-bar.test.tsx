import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { Editor } from "@tiptap/core";
import { EditorContent } from "@tiptap/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { needCatalogue } from "@/lib/i18n/i18n.ts";
import { EditorToolbar } from "../editor/editor-toolbar.tsx";
import { useNexdocsEditor } from "../editor/use-nexdocs-editor.ts";
import { useAiEdit } from "../hooks/use-ai-edit.ts";
import { AiSuggestionBar } from "./ai-suggestion-bar.tsx";

/**
 * The AI edit's screen part (use-ai-edit.ts + the bar) over a real editor, against a stubbed
 * POST /api/nexdocs/:id/ai: the selection and its context are sent; the streamed text becomes a
 * suggestion; Tab reaches Accept, Escape rejects (the document as it was), Accept then undo
 * restores the original; a refusal (no model) shows the server's words with no Retry and leaves
 * the document alone; a retry applies to where its text is now, or refuses if that text was
 * edited; the bubble menu's AI list does not come back after a click away.
 */

const ORIGINAL = "The wall got fixed in march.";
const IMPROVED = "The harbour wall was rebuilt in March.";

// jsdom lays nothing out: ProseMirror's scroll-into-view measures ranges, which jsdom lacks.
const rangeRects = Object.getOwnPropertyDescriptors(Range.prototype);
beforeAll(async () => {
  await needCatalogue("nexdocs");
  const empty = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = empty;
});
afterAll(() => {
  for (const name of ["getClientRects", "getBoundingClientRect"] as const) {
    const original = rangeRects[name];
    if (original) Object.defineProperty(Range.prototype, name, original);
    else delete (Range.prototype as Partial<Range>)[name];
  }
});

const sse = (chunks: readonly object[]) =>
  `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join("")}data: [DONE]\n\n`;

function reply(text: string): Response {
  return new Response(
    sse([
      { type: "start", messageId: "e1" },
      { type: "text-start", id: "t" },
      { type: "text-delta", id: "t", delta: text.slice(0, 10) },
      { type: "text-delta", id: "t", delta: text.slice(10) },
      { type: "text-end", id: "t" },
      { type: "finish" },
    ]),
    { headers: { "content-type": "text/event-stream" } },
  );
}

let current: Editor | null = null;

function Screen() {
  const { editor } = useNexdocsEditor({
    content: {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Intro." }] },
        { type: "paragraph", content: [{ type: "text", text: ORIGINAL }] },
      ],
    },
    placeholder: "",
    label: "Document",
    onChange: () => undefined,
  });
  current = editor;
  const ai = useAiEdit(editor, "d1");
  if (!editor) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // "The wall got fixed in march." is the second paragraph's text: 9 to 37.
          editor.commands.setTextSelection({ from: 9, to: 9 + ORIGINAL.length });
          ai.run("improve");
        }}
      >
        improve
      </button>
      <EditorContent editor={editor} />
      <AiSuggestionBar ai={ai} />
    </>
  );
}

function text(): string {
  return current?.getText() ?? "";
}

describe("an AI edit on screen", () => {
  it("streams a suggestion; Tab reaches Accept, Escape rejects, Accept then undo restores", async () => {
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return reply(IMPROVED);
    });
    vi.stubGlobal("fetch", fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Screen />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "improve" }));
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/nexdocs\/d1\/ai$/);
    expect(bodies[0]).toEqual({
      action: "improve",
      selection: ORIGINAL,
      // The context keeps its paragraph break: the selection starts a new paragraph.
      before: "Intro.\n\n",
      after: "",
    });
    const accept = await screen.findByRole("button", { name: "Accept" });
    await waitFor(() => expect(accept).toBeEnabled());
    expect(screen.getByTestId("nexdocs-suggestion").textContent).toBe(IMPROVED);
    expect(text()).toBe(`Intro.\n\n${ORIGINAL}`);

    // Tab from the editor reaches Accept; Escape rejects and leaves the document as it was.
    const editorDom = current?.view.dom as HTMLElement;
    fireEvent.keyDown(editorDom, { key: "Tab" });
    expect(accept).toHaveFocus();
    // Escape in the bar rejects (and in the editor too: the suggestion's shortcut).
    fireEvent.keyDown(accept, { key: "Escape" });
    expect(screen.queryByTestId("nexdocs-ai-panel")).toBeNull();
    expect(screen.queryByTestId("nexdocs-suggestion")).toBeNull();
    expect(text()).toBe(`Intro.\n\n${ORIGINAL}`);

    // Again, accepted: the text changes; undo brings the original back.
    fireEvent.click(screen.getByRole("button", { name: "improve" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Accept" })).toBeEnabled());
    fireEvent.keyDown(editorDom, { key: "Escape" });
    expect(screen.queryByTestId("nexdocs-suggestion")).toBeNull();
    expect(screen.queryByTestId("nexdocs-ai-panel")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "improve" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Accept" })).toBeEnabled());
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(text()).toBe(`Intro.\n\n${IMPROVED}`);
    expect(screen.queryByTestId("nexdocs-ai-panel")).toBeNull();
    act(() => {
      current?.commands.undo();
    });
    expect(text()).toBe(`Intro.\n\n${ORIGINAL}`);
    vi.unstubAllGlobals();
  });

  it("shows a refusal in the server's words, without Retry, and leaves the document alone", async () => {
    const message = "AI edits need a language model. The administrator sets LLM_BASE_URL…";
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: "needs_model", message } }), {
            status: 409,
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Screen />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "improve" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    expect(screen.queryByTestId("nexdocs-suggestion")).toBeNull();
    expect(text()).toBe(`Intro.\n\n${ORIGINAL}`);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByTestId("nexdocs-ai-panel")).toBeNull();
    vi.unstubAllGlobals();
  });
});

function failure(): Response {
  return new Response(
    JSON.stringify({ error: { code: "model_failed", message: "The model did not answer." } }),
    { status: 502, headers: { "content-type": "application/json" } },
  );
}

function edit(run: (editor: Editor) => void) {
  act(() => {
    if (current) run(current);
  });
}

describe("retrying an AI edit after the document changed", () => {
  it("applies the retry to where its text is now, mapped through the changes", async () => {
    const bodies: Array<{ selection: string; before: string }> = [];
    const answers = [failure(), reply(IMPROVED)];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return answers.shift() ?? failure();
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Screen />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "improve" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The model did not answer.");

    // Text typed before the selected sentence (in the paragraph above) moves it.
    edit((e) => e.commands.insertContentAt(1, "Harbour notes. "));
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    const accept = await screen.findByRole("button", { name: "Accept" });
    await waitFor(() => expect(accept).toBeEnabled());
    expect(bodies[1]).toMatchObject({ selection: ORIGINAL, before: "Harbour notes. Intro.\n\n" });
    expect(screen.getByTestId("nexdocs-suggestion-original").textContent).toBe(ORIGINAL);
    fireEvent.click(accept);
    expect(text()).toBe(`Harbour notes. Intro.\n\n${IMPROVED}`);
    vi.unstubAllGlobals();
  });

  it("refuses a retry clearly when the selected text itself was edited, sending nothing", async () => {
    const fetch = vi.fn(async () => failure());
    vi.stubGlobal("fetch", fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Screen />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "improve" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The model did not answer.");
    // "stone " typed inside "The wall got fixed in march.".
    edit((e) => e.commands.insertContentAt(9 + 4, "stone "));
    const edited = text();
    expect(edited).toBe(`Intro.\n\nThe stone wall got fixed in march.`);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(screen.getByRole("alert")).toHaveTextContent("has changed since");
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("nexdocs-suggestion")).toBeNull();
    expect(text()).toBe(edited);
    vi.unstubAllGlobals();
  });
});

function MenuScreen() {
  const { editor } = useNexdocsEditor({
    content: {
      type: "doc",
      content: [{ type: "paragraph", content: [{ type: "text", text: ORIGINAL }] }],
    },
    placeholder: "",
    label: "Document",
    onChange: () => undefined,
  });
  current = editor;
  if (!editor) return null;
  return (
    <>
      <EditorToolbar editor={editor} onAi={() => undefined} />
      <EditorContent editor={editor} />
    </>
  );
}

describe("the bubble menu's AI list", () => {
  it("stays closed after a click away: the next selection shows the menu's first row", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MenuScreen />
      </QueryClientProvider>,
    );
    const select = () => edit((e) => e.chain().focus().setTextSelection({ from: 1, to: 9 }).run());
    select();
    fireEvent.click(await screen.findByTestId("nexdocs-ai-open"));
    expect(screen.getByRole("menu", { name: "AI actions" })).toBeInTheDocument();
    // A click away in the text: the selection collapses, the bubble menu hides.
    edit((e) => e.commands.setTextSelection(3));
    await waitFor(() => expect(screen.queryByRole("menu", { name: "AI actions" })).toBeNull());
    select();
    expect(await screen.findByTestId("nexdocs-ai-open")).toBeInTheDocument();
    expect(screen.queryByRole("menu", { name: "AI actions" })).toBeNull();
  });
});
