import type { Locator, Page } from "@playwright/test";

/** /app/subscription-plans: free vs pro, closed with the × button. */
export class PlansPage {
  readonly heading: Locator;
  readonly close: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Plans", level: 1 });
    this.close = page.getByRole("button", { name: "Close", exact: true });
  }

  plan(tier: "free" | "pro"): Locator {
    return this.page.getByTestId(`plan-${tier}`);
  }
}
