import { FILE_KINDS, IMAGE_FILE_KINDS } from "@nexus/contracts";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FileIcon, KIND_LABELS } from "./file-icon.tsx";

const iconOf = (kind: (typeof FILE_KINDS)[number]) => {
  const { container, unmount } = render(<FileIcon kind={kind} />);
  const name = [...(container.querySelector("svg")?.classList ?? [])].find(
    (c) => c.startsWith("lucide-") && c !== "lucide-icon",
  );
  unmount();
  return name;
};

describe("FileIcon", () => {
  it("draws an image icon, and names the format, for every image kind", () => {
    for (const kind of IMAGE_FILE_KINDS) {
      expect(iconOf(kind), kind).toBe("lucide-file-image");
    }
    expect([KIND_LABELS.png, KIND_LABELS.jpeg, KIND_LABELS.webp, KIND_LABELS.gif]).toEqual([
      "PNG image",
      "JPEG image",
      "WebP image",
      "GIF image",
    ]);
  });

  it("keeps documents' icons (no other kind draws the image icon)", () => {
    expect(iconOf("text")).toBe("lucide-file-text");
    expect(iconOf("pptx")).toBe("lucide-presentation");
    const others = FILE_KINDS.filter((k) => !(IMAGE_FILE_KINDS as readonly string[]).includes(k));
    for (const kind of others) expect(iconOf(kind), kind).not.toBe("lucide-file-image");
  });
});
