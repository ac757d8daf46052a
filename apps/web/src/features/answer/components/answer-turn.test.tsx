import type { AnswerImage, AnswerSource, AnswerVideo } from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ChatPartRenderers,
  type PartRendererProps,
  type PartRenderers,
} from "@/components/chat/part-registry.tsx";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { ANONYMOUS_ME, meQueryKey, SessionProvider } from "@/lib/session.tsx";
import type { AnswerTurn, AnswerUIMessage } from "../lib/answer-message.ts";
import type { AnswerMediaPart, AnswerRelatedPart } from "./answer-parts.tsx";
import { answerPartRenderers } from "./answer-parts.tsx";
import { AnswerTurnView, type TurnState } from "./answer-turn.tsx";
import { useAnswerTurn } from "./answer-turn-context.ts";

/**
 * The answer turn draws its media panel, related questions and actions through the part registry
 * (answer-parts.tsx): the answer page's renderers draw them, and a renderer registered closer to
 * the turn for the same part type replaces what is drawn.
 */

const SOURCE: AnswerSource = {
  title: "Skerry lighthouse",
  url: "https://lights.example.org/skerry",
  domain: "lights.example.org",
  favicon: null,
  snippet: "The lamp burned colza oil.",
};
const IMAGE: AnswerImage = {
  url: "https://img.example.org/skerry.jpg",
  title: "The skerry light",
  thumbnailUrl: "/api/image?u=https%3A%2F%2Fimg.example%2Fskerry.jpg&s=abcdefghijklmnopqrstuv",
  pageUrl: "https://img.example.org/skerry",
};
const VIDEO: AnswerVideo = { url: "https://videos.example.org/keeper", title: "A keeper's day" };
const RELATED = ["Who kept the light?", "When was it automated?"];

function answerMessage(parts: AnswerUIMessage["parts"]): AnswerUIMessage {
  return {
    id: "a1",
    role: "assistant",
    metadata: { entryId: "entry-1", threadId: "thread-1", model: "fake/model", offline: false },
    parts,
  };
}

function turnWith(answerParts: AnswerUIMessage["parts"]): AnswerTurn {
  return {
    query: "What did the skerry light burn?",
    user: {
      id: "u1",
      role: "user",
      parts: [{ type: "text", text: "What did the skerry light burn?" }],
    },
    answer: answerMessage(answerParts),
  };
}

const FINISHED = turnWith([
  { type: "data-sources", data: [SOURCE] },
  { type: "text", text: "The lamp burned colza oil [1].", state: "done" },
  { type: "data-images", data: [IMAGE] },
  { type: "data-videos", data: [VIDEO] },
  { type: "data-related", data: RELATED },
]);

const READY: TurnState = { status: "ready", error: undefined, stopped: false };

function setup({
  turn = FINISHED,
  index = 0,
  state = READY,
  busy = false,
  renderers,
}: {
  turn?: AnswerTurn;
  index?: number;
  state?: TurnState;
  busy?: boolean;
  /** Registered inside the answer page's renderers (a page's own variant). */
  renderers?: PartRenderers;
} = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, ANONYMOUS_ME);
  const onAsk = vi.fn();
  const onRegenerate = vi.fn();
  const nested = (children: ReactNode) =>
    renderers ? <ChatPartRenderers renderers={renderers}>{children}</ChatPartRenderers> : children;
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ChatPartRenderers renderers={answerPartRenderers}>
          {nested(
            <AnswerTurnView
              turn={turn}
              index={index}
              threadId="thread-1"
              state={state}
              busy={busy}
              onAsk={onAsk}
              onRegenerate={onRegenerate}
              onRetry={vi.fn()}
              onRetryWith={vi.fn()}
              onSignIn={undefined}
              onRemove={vi.fn()}
            />,
          )}
        </ChatPartRenderers>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { onAsk, onRegenerate, user: userEvent.setup(), turn: screen.getByTestId("answer-turn") };
}

function follows(first: Element, second: Element): boolean {
  return Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe("the answer turn's registered part renderers", () => {
  // The web project's files share one module graph: leave the interface in English.
  afterEach(() => activateLocale("en"));
  // The markdown renderer and the media panel are downloaded on first use, as on the page: their
  // modules are loaded once here so that the page's lazy components find them in at once.
  beforeAll(async () => {
    await Promise.all([
      import("@/components/chat/markdown/answer-markdown.tsx"),
      import("./media-panel.tsx"),
    ]);
  }, 60_000);

  it("draw the actions, then the media panel, then the related questions (the phone order)", async () => {
    const { onAsk, onRegenerate, user } = setup();
    const markdown = await screen.findByTestId("answer-markdown");
    expect(markdown).toHaveTextContent("The lamp burned colza oil");

    const actions = screen.getByTestId("answer-actions");
    expect(within(actions).getByRole("button", { name: "Copy" })).toBeVisible();
    await user.click(within(actions).getByRole("button", { name: "Regenerate" }));
    expect(onRegenerate).toHaveBeenCalledOnce();

    // The media panel is downloaded with the first answer that has images or videos.
    const media = await screen.findByTestId("media-panel");
    expect(within(media).getByRole("heading", { level: 2 })).toHaveTextContent("Images and videos");
    expect(within(media).getByRole("link", { name: "Image: The skerry light" })).toHaveAttribute(
      "href",
      IMAGE.pageUrl,
    );
    expect(within(media).getByRole("link", { name: /A keeper's day/ })).toHaveAttribute(
      "href",
      VIDEO.url,
    );
    // Its place in the turn's grid: the column beside the answer on wide screens.
    expect(media).toHaveClass("lg:col-start-2", "lg:row-span-2", "lg:row-start-1");

    const related = screen.getByTestId("related-questions");
    expect(within(related).getByRole("heading", { level: 2 })).toHaveTextContent("Related");
    expect(related.parentElement).toHaveClass("lg:col-start-1", "lg:row-start-2");
    await user.click(within(related).getByRole("button", { name: RELATED[1] }));
    expect(onAsk).toHaveBeenCalledExactlyOnceWith(RELATED[1]);

    expect(follows(markdown, actions)).toBe(true);
    expect(follows(actions, media)).toBe(true);
    expect(follows(media, related)).toBe(true);
    // The first render of a turn (markdown, cards, media) is slow on a busy machine.
  }, 20_000);

  it("reads in French: the media panel, its image links and the related questions", async () => {
    await activateLocale("fr");
    setup({ state: { status: "ready", error: undefined, stopped: false } });
    const media = await screen.findByTestId("media-panel");
    expect(within(media).getByRole("heading", { level: 2 })).toHaveTextContent("Images et vidéos");
    expect(within(media).getByRole("link", { name: "Image : The skerry light" })).toBeVisible();
    const related = screen.getByTestId("related-questions");
    expect(within(related).getByRole("heading", { level: 2 })).toHaveTextContent(
      "Questions associées",
    );
    expect(screen.getByRole("region", { name: "Sources" })).toBeVisible();
  });

  it("a later turn's sections sit one level lower; related questions wait while an answer runs", async () => {
    setup({ index: 1, busy: true });
    const media = await screen.findByTestId("media-panel");
    expect(within(media).getByRole("heading", { level: 3 })).toHaveTextContent("Images and videos");
    const related = screen.getByTestId("related-questions");
    expect(within(related).getByRole("heading", { level: 3 })).toHaveTextContent("Related");
    for (const button of within(related).getAllByRole("button")) expect(button).toBeDisabled();
  });

  it("while the answer streams: the media already, no actions and no related questions", async () => {
    setup({ state: { status: "streaming", error: undefined, stopped: false }, busy: true });
    expect(await screen.findByTestId("media-panel")).toBeVisible();
    expect(await screen.findByTestId("answer-markdown")).toHaveTextContent("colza oil");
    expect(screen.queryByTestId("answer-actions")).toBeNull();
    expect(screen.queryByTestId("related-questions")).toBeNull();
  });

  it("a stopped answer keeps Copy but offers no Regenerate in its actions, and no related questions", () => {
    setup({
      turn: turnWith([{ type: "text", text: "The lamp burned", state: "streaming" }]),
      state: { status: "ready", error: undefined, stopped: true },
    });
    const actions = screen.getByTestId("answer-actions");
    expect(within(actions).getByRole("button", { name: "Copy" })).toBeVisible();
    expect(within(actions).queryByRole("button", { name: "Regenerate" })).toBeNull();
    expect(screen.getByTestId("answer-stopped")).toBeVisible();
    expect(screen.queryByTestId("related-questions")).toBeNull();
    expect(screen.queryByTestId("media-panel")).toBeNull();
  });

  it("renderers registered closer to the turn replace the media panel, related questions and actions", async () => {
    function PlainMedia({ part }: PartRendererProps<AnswerMediaPart>) {
      return (
        <p data-testid="plain-media">{`${part.data.images.length} images, ${part.data.videos.length} videos`}</p>
      );
    }
    function PlainRelated({ part, headingBase }: PartRendererProps<AnswerRelatedPart>) {
      const { onAsk } = useAnswerTurn();
      return (
        <ol data-testid="plain-related" data-heading-base={headingBase}>
          {part.data.map((question) => (
            <li key={question}>
              <button type="button" onClick={() => onAsk(`again: ${question}`)}>
                {question}
              </button>
            </li>
          ))}
        </ol>
      );
    }
    function NoActions() {
      const { threadId } = useAnswerTurn();
      return <p data-testid="no-actions">{`no actions in ${threadId}`}</p>;
    }
    // The answer page's media panel first, so that its code is in: it is drawn without waiting.
    setup();
    expect(await screen.findByTestId("media-panel")).toBeVisible();
    cleanup();

    const { onAsk, user } = setup({
      renderers: {
        "data-media": PlainMedia,
        "data-related": PlainRelated,
        "data-actions": NoActions,
      },
    });

    expect(screen.getByTestId("plain-media")).toHaveTextContent("1 images, 1 videos");
    expect(screen.getByTestId("no-actions")).toHaveTextContent("no actions in thread-1");
    const related = screen.getByTestId("plain-related");
    expect(related).toHaveAttribute("data-heading-base", "2");
    await user.click(within(related).getByRole("button", { name: RELATED[0] }));
    expect(onAsk).toHaveBeenCalledExactlyOnceWith(`again: ${RELATED[0]}`);

    // The answer page's own ones are not drawn; the parts not replaced still are.
    expect(screen.queryByTestId("related-questions")).toBeNull();
    expect(screen.queryByTestId("answer-actions")).toBeNull();
    expect(screen.queryByRole("button", { name: "Copy" })).toBeNull();
    expect(await screen.findByTestId("answer-markdown")).toHaveTextContent("colza oil");
    expect(screen.getByTestId("sources-strip")).toHaveTextContent("Skerry lighthouse");
    expect(screen.queryByTestId("media-panel")).toBeNull();
  });
});
