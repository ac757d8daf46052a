import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  ChatPartRenderers,
  MessagePart,
  MessageParts,
  type PartRendererProps,
  type PartRenderers,
  resolvePartRenderer,
} from "./part-registry.tsx";

type Labelled = { type: string; label?: string };

const named =
  (name: string) =>
  ({ part, streaming, headingBase, sources }: PartRendererProps<Labelled>) => (
    <p data-testid="part" data-renderer={name}>
      {`${name}:${part.type}:${part.label ?? ""}:${streaming}:${headingBase}:${sources.length}`}
    </p>
  );

const TEXT = named("text");
const ANY_TOOL = named("any-tool");
const IMAGE_TOOL = named("image-tool");
const DATA = named("data");

const CONTEXT = { streaming: false, sources: [], headingBase: 2 };

describe("resolvePartRenderer", () => {
  const renderers: PartRenderers = {
    text: TEXT,
    "tool-*": ANY_TOOL,
    "tool-generate-image": IMAGE_TOOL,
    "data-*": DATA,
  };

  it("picks the renderer registered for the exact type", () => {
    expect(resolvePartRenderer(renderers, "text")).toBe(TEXT);
    expect(resolvePartRenderer(renderers, "tool-generate-image")).toBe(IMAGE_TOOL);
  });

  it("falls back to a prefix key for the types it starts", () => {
    expect(resolvePartRenderer(renderers, "tool-web-search")).toBe(ANY_TOOL);
    expect(resolvePartRenderer(renderers, "data-sources")).toBe(DATA);
  });

  it("prefers the longer prefix", () => {
    const both: PartRenderers = { "tool-*": ANY_TOOL, "tool-generate-*": IMAGE_TOOL };
    expect(resolvePartRenderer(both, "tool-generate-video")).toBe(IMAGE_TOOL);
    expect(resolvePartRenderer(both, "tool-read-url")).toBe(ANY_TOOL);
  });

  it("has nothing for a type nobody registered (a prefix is not the type itself)", () => {
    expect(resolvePartRenderer(renderers, "reasoning")).toBeUndefined();
    expect(resolvePartRenderer(renderers, "tool")).toBeUndefined();
    expect(resolvePartRenderer({ text: undefined }, "text")).toBeUndefined();
  });
});

describe("MessageParts", () => {
  it("draws each part, in order, by the renderer registered for its type, with the context", () => {
    render(
      <ChatPartRenderers renderers={{ text: TEXT, "tool-*": ANY_TOOL }}>
        <MessageParts
          parts={[
            { type: "tool-web-search", label: "a" },
            { type: "text", label: "b" } as Labelled,
          ]}
          streaming
          sources={[
            { title: "T", url: "https://example.com", domain: "", favicon: null, snippet: "" },
          ]}
          headingBase={3}
        />
      </ChatPartRenderers>,
    );
    expect(screen.getAllByTestId("part").map((p) => p.textContent)).toEqual([
      "any-tool:tool-web-search:a:true:3:1",
      "text:text:b:true:3:1",
    ]);
  });

  it("draws nothing for an unknown part type, and keeps drawing the others", () => {
    const { container } = render(
      <ChatPartRenderers renderers={{ text: TEXT }}>
        <MessageParts
          parts={[{ type: "step-start" }, { type: "data-unknown" }, { type: "text" }]}
          {...CONTEXT}
        />
      </ChatPartRenderers>,
    );
    expect(screen.getAllByTestId("part")).toHaveLength(1);
    expect(container).toHaveTextContent(/^text:text::false:2:0$/);
  });

  it("without any registered renderer draws nothing and does not throw", () => {
    const { container } = render(
      <MessagePart part={{ type: "text" }} streaming={false} sources={[]} headingBase={2} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("a nested provider adds types and replaces the ones it registers again", () => {
    const PYTHON_TEXT = named("python-text");
    render(
      <ChatPartRenderers renderers={{ text: TEXT, "tool-*": ANY_TOOL }}>
        <ChatPartRenderers renderers={{ text: PYTHON_TEXT, "data-*": DATA }}>
          <MessageParts
            parts={[{ type: "text" }, { type: "tool-run-code" }, { type: "data-x" }]}
            {...CONTEXT}
          />
        </ChatPartRenderers>
      </ChatPartRenderers>,
    );
    expect(screen.getAllByTestId("part").map((p) => p.dataset.renderer)).toEqual([
      "python-text",
      "any-tool",
      "data",
    ]);
  });
});
