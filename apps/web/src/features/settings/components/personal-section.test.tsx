import {
  PERSONAL_INSTRUCTIONS_MAX,
  type PersonalSettings,
  personalInstructionsText,
} from "@nexus/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PersonalSection } from "./personal-section.tsx";

/** Settings → Personalisation against a stand-in of GET/PATCH /api/users/:id/settings. */

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serve(options: { failGet?: boolean; failPatch?: boolean } = {}) {
  let stored: PersonalSettings = {
    instructions: "",
    answerLanguage: "auto",
    uiLanguage: null,
    updatedAt: null,
  };
  const patches: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    expect(String(input)).toContain("/api/users/u1/settings");
    if (init?.method === "PATCH") {
      const body = JSON.parse(String(init.body)) as Partial<PersonalSettings>;
      patches.push(body);
      if (options.failPatch)
        return json({ error: { code: "internal", message: "Something went wrong." } }, 500);
      stored = { ...stored, ...body, updatedAt: "2026-12-04T15:00:00.000Z" };
      return json(stored);
    }
    if (options.failGet)
      return json({ error: { code: "unavailable", message: "Try later." } }, 503);
    return json(stored);
  });
  vi.stubGlobal("fetch", fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PersonalSection userId="u1" />
    </QueryClientProvider>,
  );
  return { patches, fetchMock };
}

describe("PersonalSection", () => {
  it("loads, counts, saves and clears the instructions, and shows what the model is told", async () => {
    const { patches } = serve();
    expect(screen.getByTestId("personal-loading")).toBeInTheDocument();
    const box = await screen.findByLabelText("About you and how to answer");
    const user = userEvent.setup();
    const save = screen.getByRole("button", { name: "Save instructions" });
    expect(save).toBeDisabled();
    expect(screen.getByTestId("personal-counter")).toHaveTextContent(
      `0 / ${PERSONAL_INSTRUCTIONS_MAX} characters`,
    );
    await user.type(box, "I am a nurse.");
    expect(screen.getByTestId("personal-counter")).toHaveTextContent(
      `13 / ${PERSONAL_INSTRUCTIONS_MAX} characters`,
    );
    expect(box).toHaveAttribute("maxlength", String(PERSONAL_INSTRUCTIONS_MAX));
    await user.click(save);
    expect(await screen.findByText("Instructions saved.")).toBeInTheDocument();
    expect(patches).toEqual([{ instructions: "I am a nurse." }]);

    const told = screen.getByTestId("model-told");
    await user.click(within(told).getByText("What the model is told"));
    const text = screen.getByTestId("model-told-text").textContent ?? "";
    expect(text).toContain(personalInstructionsText("I am a nurse."));
    expect(text).toContain("write your reply in English (English)");
    expect(within(told).getByText(/With Auto, the language named/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(await screen.findByText("Instructions cleared.")).toBeInTheDocument();
    expect(box).toHaveValue("");
    expect(patches.at(-1)).toEqual({ instructions: "" });
    expect(screen.getByTestId("model-told-text").textContent).not.toContain("ABOUT THE PERSON");
  });

  it("saves the answer language on change; the model is then told that language", async () => {
    const { patches } = serve();
    const select = await screen.findByLabelText("Answer language");
    await userEvent.setup().selectOptions(select, "de");
    await vi.waitFor(() => expect(patches).toEqual([{ answerLanguage: "de" }]));
    await vi.waitFor(() =>
      expect(screen.getByTestId("model-told-text").textContent).toContain(
        "Write your reply in German (Deutsch)",
      ),
    );
    expect(select).toHaveValue("de");
  });

  it("says when the settings cannot be loaded or saved", async () => {
    serve({ failGet: true });
    expect(await screen.findByText(/Your instructions could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("keeps the text when saving fails, and says so", async () => {
    serve({ failPatch: true });
    const box = await screen.findByLabelText("About you and how to answer");
    const user = userEvent.setup();
    await user.type(box, "Short answers.");
    await user.click(screen.getByRole("button", { name: "Save instructions" }));
    expect(await screen.findByText(/Your instructions were not saved/)).toBeInTheDocument();
    expect(box).toHaveValue("Short answers.");
  });
});
