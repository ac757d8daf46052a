import { STORAGE_KEYS } from "@nexus/contracts";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppearanceSection } from "@/features/settings/components/appearance-section.tsx";

/**
 * Settings' System mode (issue 42, scope 6): no stored mode, the device's light or dark applied
 * and followed live as it changes; Light or Dark picked again stays whatever the device does.
 */

/** A stand-in for the device's prefers-color-scheme that a test can flip. */
function fakeDevice(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    media: "(prefers-color-scheme: dark)",
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => media),
  );
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const isDark = () => document.documentElement.classList.contains("dark");

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.className = "";
});

describe("Appearance: System mode", () => {
  it("follows the device live once System is picked, and Dark stays put afterwards", async () => {
    window.localStorage.setItem(STORAGE_KEYS.mode, "light");
    const device = fakeDevice(false);
    render(<AppearanceSection />);
    const user = userEvent.setup();

    await user.click(screen.getByRole("radio", { name: "System" }));
    expect(window.localStorage.getItem(STORAGE_KEYS.mode)).toBeNull();
    expect(screen.getByRole("radio", { name: "System" })).toBeChecked();
    expect(isDark()).toBe(false);
    act(() => device.set(true));
    expect(isDark()).toBe(true);
    act(() => device.set(false));
    expect(isDark()).toBe(false);

    await user.click(screen.getByRole("radio", { name: "Dark" }));
    expect(window.localStorage.getItem(STORAGE_KEYS.mode)).toBe("dark");
    act(() => device.set(false));
    expect(isDark()).toBe(true);
    expect(screen.getByRole("radio", { name: "Dark" })).toBeChecked();
  });
});
