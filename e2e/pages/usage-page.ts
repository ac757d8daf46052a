import { COUNTER_LABELS, type UsageCounter } from "@nexus/contracts";
import type { Locator, Page } from "@playwright/test";

/** /app/usage: each counter against its limit, the period and the plans link. */
export class UsagePage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/app/usage");
  }

  row(counter: UsageCounter): Locator {
    return this.page.getByTestId(`usage-row-${counter}`);
  }

  progress(counter: UsageCounter): Locator {
    return this.row(counter).getByRole("progressbar", { name: COUNTER_LABELS[counter] });
  }

  get viewPlans(): Locator {
    return this.page.getByRole("main").getByRole("link", { name: "View plans" });
  }
}
