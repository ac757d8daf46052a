import type { ReactNode } from "react";
import { StaticRouter } from "react-router";
import { ChatColumn } from "@/components/chat/chat-layout.tsx";
import { AnswerPlainText } from "@/components/chat/markdown/lazy-answer-markdown.tsx";
import { AppShellSkeleton } from "@/components/layouts/app-shell-skeleton.tsx";
import { paths } from "@/config/paths.ts";
import {
  AGENT_CARD_FIELDS,
  AgentCatalogueFirstView,
} from "@/features/agents/components/agent-catalogue-first-view.tsx";
import { AgentChatFirstView } from "@/features/agents/components/agent-chat.tsx";
import { AgentsHubFirstView } from "@/features/agents/components/agents-hub.tsx";
import { QuestionHeading } from "@/features/answer/components/answer-turn.tsx";
import {
  DISCOVER_FIRST_VIEW_FIELDS,
  DiscoverFeedFirstView,
} from "@/features/discover/components/discover-feed.tsx";
import { DocumentChatFirstView } from "@/features/documents/components/document-chat-first-view.tsx";
import { ThreadHeaderBar, ThreadTitle } from "@/features/history/components/thread-header.tsx";
import { ResearchReportFirstView } from "@/features/research/components/research-first-view.tsx";
import { firstViewMarker as marker } from "@/lib/first-view-markers.tsx";
import { AgentsPage } from "./routes/app/agents.tsx";
import { DiscoverPage } from "./routes/app/discover.tsx";
import { HomeFrame, HomeSearchSkeleton } from "./routes/app/home.tsx";

/**
 * First views: what an /app screen shows first, drawn by the server in the page's #root (beside
 * the loading frame's skeleton sidebar) so the screen's main content is on screen with the CSS,
 * before any script has run. The app replaces it when it renders (src/main.tsx), with the same
 * markup from the same components. The prerender (apps/web/build/prerender.ts) renders each with
 * its fields as markers; the server (apps/server/src/static.ts) writes the request's values in,
 * escaped, and takes the first view of the screen whose fields it has, else the loading frame.
 */
export type FirstViewField =
  | "signedIn"
  | "firstName"
  | "question"
  | "answer"
  | "agentName"
  | "agentDescription"
  /** A finished research's report (its text parts; "question": its question). */
  | "report"
  /** A condition: that research ran without a model (its value is not shown). */
  | "reportOffline"
  /** A list: that report's headings, when it lists them (two or more; a condition too). */
  | "reportContents"
  /** A list: the server repeats the list item (<li>) holding its marker once per value. */
  | "agentStarters"
  /** Lists of records (lib/first-view-markers.tsx): the preset agents' cards, the recent ones. */
  | (typeof AGENT_CARD_FIELDS)[number]
  | (typeof DISCOVER_FIRST_VIEW_FIELDS)[number]
  | "documentName"
  /** Which starters a new document chat offers first: its document's kind's (any value). */
  | (typeof DOCUMENT_SUBJECTS)[number]["field"];

/** A new document chat's starters by subject (features/documents/lib/starters.ts), with a kind of each. */
const DOCUMENT_SUBJECTS = [
  { field: "documentText", kind: "pdf" },
  { field: "documentSheet", kind: "xlsx" },
  { field: "documentSlides", kind: "pptx" },
] as const;

/** How a field's value stands in the prerendered markup (React leaves these characters as they are). */
export const firstViewMarker = (field: FirstViewField) => marker(field);

export interface FirstView {
  /** The screen's router pattern. */
  pattern: string;
  /** Fields the server must know for this view ("signedIn": someone is signed in). */
  fields: FirstViewField[];
  node: ReactNode;
}

const app = paths.app;

export function firstViews(): FirstView[] {
  return [
    {
      pattern: app.root.path,
      fields: ["firstName"],
      node: (
        <HomeFrame firstName={firstViewMarker("firstName")}>
          <HomeSearchSkeleton />
        </HomeFrame>
      ),
    },
    {
      pattern: app.root.path,
      fields: [],
      node: (
        <HomeFrame>
          <HomeSearchSkeleton />
        </HomeFrame>
      ),
    },
    {
      pattern: `${app.root.path}/${app.agents.path}`,
      fields: ["signedIn", ...AGENT_CARD_FIELDS],
      node: (
        <StaticRouter location={app.agents.href()}>
          <AgentsPage>
            <AgentsHubFirstView catalogue={<AgentCatalogueFirstView />} />
          </AgentsPage>
        </StaticRouter>
      ),
    },
    {
      pattern: `${app.root.path}/${app.agents.path}`,
      fields: ["signedIn"],
      node: (
        <StaticRouter location={app.agents.href()}>
          <AgentsPage>
            <AgentsHubFirstView />
          </AgentsPage>
        </StaticRouter>
      ),
    },
    {
      // A preset agent's new chat (custom agents and saved conversations get the loading frame).
      pattern: `${app.root.path}/${app.presetAgent.path}`,
      fields: ["agentName", "agentDescription", "agentStarters"],
      node: (
        <StaticRouter location={app.agents.href()}>
          <AgentChatFirstView
            agent={{
              id: "",
              name: firstViewMarker("agentName"),
              description: firstViewMarker("agentDescription"),
              icon: undefined,
              starters: [firstViewMarker("agentStarters")],
              form: [],
              available: true,
              tools: [],
            }}
          />
        </StaticRouter>
      ),
    },
    ...DOCUMENT_SUBJECTS.map(({ field, kind }) => ({
      // A new chat over one of the person's ready documents.
      pattern: `${app.root.path}/${app.documentChat.path}`,
      fields: ["documentName", field] satisfies FirstViewField[],
      node: <DocumentChatFirstView name={firstViewMarker("documentName")} kind={kind} />,
    })),
    {
      pattern: `${app.root.path}/${app.discover.path}`,
      fields: [...DISCOVER_FIRST_VIEW_FIELDS],
      node: (
        <StaticRouter location={app.discover.href()}>
          <DiscoverPage>
            <DiscoverFeedFirstView />
          </DiscoverPage>
        </StaticRouter>
      ),
    },
    {
      pattern: `${app.root.path}/${app.searchResult.path}`,
      fields: ["question", "answer"],
      node: (
        <AnswerFirstView
          question={firstViewMarker("question")}
          answer={firstViewMarker("answer")}
        />
      ),
    },
    {
      // A finished research's report (one still running, failed or cancelled: the loading frame).
      pattern: `${app.root.path}/${app.deepResearchThread.path}`,
      fields: ["question", "report"],
      node: (
        <StaticRouter location={app.deepResearch.href()}>
          <ResearchReportFirstView
            question={firstViewMarker("question")}
            report={firstViewMarker("report")}
            offline={"reportOffline" satisfies FirstViewField}
            contents={"reportContents" satisfies FirstViewField}
          />
        </StaticRouter>
      ),
    },
  ];
}

/** A saved thread's first question and its answer's text, as the answer page lays them out. */
function AnswerFirstView({ question, answer }: { question: string; answer: string }) {
  return (
    <ChatColumn>
      <ThreadHeaderBar>
        <ThreadTitle title={question} />
      </ThreadHeaderBar>
      <article className="flex flex-col gap-5 pb-10">
        <header className="flex flex-col gap-2">
          <QuestionHeading first={true}>{question}</QuestionHeading>
        </header>
        <AnswerPlainText markdown={answer} className="min-w-0 break-words" />
      </article>
    </ChatColumn>
  );
}

/** A first view inside the loading frame. */
export function inAppFrame(view: FirstView): ReactNode {
  return <AppShellSkeleton>{view.node}</AppShellSkeleton>;
}
