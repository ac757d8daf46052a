import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "@/lib/i18n/i18n.ts";
import { EMPTY_LEAD } from "../lib/lead-form-values.ts";
import { LeadForm } from "./lead-form.tsx";

afterEach(async () => {
  await activateLocale("en");
});

describe("the demo form's own messages", () => {
  it("asks for the full name in the interface's language (German), English left nowhere", async () => {
    await activateLocale("de");
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LeadForm initial={EMPTY_LEAD} onReceived={() => undefined} />
      </QueryClientProvider>,
    );
    fireEvent.submit(screen.getByTestId("lead-form"));
    expect(
      await screen.findByText("Bitte geben Sie Ihren vollständigen Namen ein"),
    ).toBeInTheDocument();
    expect(screen.queryByText("Please enter your full name")).toBeNull();
  });
});
