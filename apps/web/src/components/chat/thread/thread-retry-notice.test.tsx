import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ThreadRetryNotice } from "./thread-retry-notice.tsx";

describe("ThreadRetryNotice", () => {
  it("shows the failed turn's message, and its button asks again", async () => {
    const onRetry = vi.fn();
    render(
      <ThreadRetryNotice
        error={new Error("The model did not answer.")}
        onRetry={onRetry}
        retryLabel="Réessayer"
        testId="chat-error"
      />,
    );
    expect(screen.getByTestId("chat-error")).toHaveTextContent("The model did not answer.");
    await userEvent.click(screen.getByRole("button", { name: "Réessayer" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("draws nothing when the turn did not fail", () => {
    const { container } = render(
      <ThreadRetryNotice error={null} onRetry={() => {}} retryLabel="Retry" testId="chat-error" />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
