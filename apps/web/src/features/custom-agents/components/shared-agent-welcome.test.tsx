import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  SignInDialogProvider,
  useSignInDialog,
} from "@/features/auth/hooks/use-sign-in-dialog.tsx";
import { activateLocale, needCatalogue } from "@/lib/i18n/i18n.ts";
import { SharedAgentWelcome } from "./shared-agent-welcome.tsx";

const PATH = "/app/agents/custom/shared/tok0123456789abcdefghi";
const PREVIEW = {
  name: "Pirate Poet",
  emoji: "🏴‍☠️",
  color: "amber",
  description: "Answers in pirate verse.",
  starters: ["Tell me about the sea"],
  ownerName: "Ann Smith",
  knowledgeCount: 2,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serve(preview: Response) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === "/api/custom-agents/shared/tok0123456789abcdefghi/preview")
        return preview.clone();
      if (method === "POST" && url === "/api/auth/email-link")
        return json({ ok: true, status: "sent" }, 202);
      throw new Error(`unexpected request ${method} ${url}`);
    }),
  );
  return calls;
}

/** As the route wires it (app/routes/app/custom-agents.tsx). */
function Wired() {
  const { openSignInFor } = useSignInDialog();
  return <SharedAgentWelcome token="tok0123456789abcdefghi" onSignIn={openSignInFor} />;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignInDialogProvider>
        <MemoryRouter initialEntries={[PATH]}>
          <Routes>
            <Route path="/app/agents/custom/shared/:token" element={<Wired />} />
          </Routes>
        </MemoryRouter>
      </SignInDialogProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale("en");
});

// Custom agents' messages load with their routes (router.tsx).
beforeAll(() => needCatalogue("customAgents"));

describe("SharedAgentWelcome", () => {
  it("shows the agent's card, and its sign-in link is asked to bring the person back here", async () => {
    const calls = serve(json(PREVIEW));
    const user = show();
    const card = await screen.findByTestId("shared-agent-welcome");
    expect(card).toHaveTextContent("Pirate Poet");
    expect(card).toHaveTextContent("Shared with you by Ann Smith");
    expect(card).toHaveTextContent("Answers in pirate verse.");
    expect(card).toHaveTextContent("Answers from 2 files of Ann Smith");
    expect(card).toHaveTextContent("Tell me about the sea");
    await user.click(screen.getByRole("button", { name: "Sign in to chat with Pirate Poet" }));
    const dialog = await screen.findByRole("dialog", { name: "Sign in" });
    expect(dialog).toHaveTextContent("Sign in to chat with Pirate Poet.");
    await user.type(screen.getByLabelText("Email"), "visitor@acme.com");
    await user.keyboard("{Enter}");
    await vi.waitFor(() =>
      expect(calls.find((c) => c.url === "/api/auth/email-link")?.body).toEqual({
        email: "visitor@acme.com",
        next: PATH,
      }),
    );
  });

  it("says when the link is no longer shared", async () => {
    serve(json({ error: { code: "not_found", message: "Not found." } }, 404));
    show();
    expect(await screen.findByTestId("share-link-invalid")).toHaveTextContent(
      "This link is not valid any more",
    );
  });

  it("reads in French, its plurals included", async () => {
    serve(json(PREVIEW));
    await activateLocale("fr");
    show();
    const card = await screen.findByTestId("shared-agent-welcome");
    expect(card).toHaveTextContent("Partagé avec vous par Ann Smith");
    expect(card).toHaveTextContent("Répond à partir de 2 fichiers de Ann Smith");
    expect(card).toHaveTextContent("Essayez de demander");
    expect(
      screen.getByRole("button", { name: "Connectez-vous pour discuter avec Pirate Poet" }),
    ).toBeInTheDocument();
    expect(card).not.toHaveTextContent("Shared with you");
  });
});
