import type { Element, ElementContent } from "hast";
import { Check, Copy } from "lucide-react";
import type { ReactNode } from "react";
import { useT } from "@/lib/i18n/i18n.ts";
import { useCopyToClipboard } from "@/lib/use-copy-to-clipboard.ts";

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

function languageOf(pre: Element | undefined): string | null {
  const code = pre?.children.find(
    (child): child is Element => child.type === "element" && child.tagName === "code",
  );
  const className = code?.properties.className;
  if (!Array.isArray(className)) return null;
  for (const name of className) {
    if (typeof name === "string" && name.startsWith("language-")) {
      return name.slice(9).slice(0, 24) || null;
    }
  }
  return null;
}

export interface CodeBlockProps {
  node?: Element | undefined;
  children?: ReactNode;
}

/** A fenced code block: language label, copy button, horizontally scrollable code. */
export function CodeBlock({ node, children }: CodeBlockProps) {
  const language = languageOf(node);
  return (
    <div className="not-prose group/code relative my-4 overflow-hidden rounded-lg border border-border bg-surface-2">
      <div className="flex h-8 items-center justify-between border-border border-b px-3 text-subtle text-xs">
        <span className="font-mono">{language ?? "code"}</span>
        <CopyButton getText={() => (node ? node.children.map(textOf).join("") : "")} />
      </div>
      <pre dir="ltr" className="overflow-x-auto p-3 font-mono text-[0.8125rem] leading-relaxed">
        {children}
      </pre>
    </div>
  );
}

function CopyButton({ getText }: { getText: () => string }) {
  const t = useT();
  const { copied, copy: copyText } = useCopyToClipboard(1500);
  const copy = () => void copyText(getText().replace(/\n$/, ""));

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={copied ? t("chat.copied") : t("chat.copyCode")}
      className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-subtle transition-colors hover:bg-surface hover:text-fg"
    >
      {copied ? (
        <Check className="size-3.5" aria-hidden />
      ) : (
        <Copy className="size-3.5" aria-hidden />
      )}
      <span>{copied ? t("chat.copied") : t("chat.copy")}</span>
    </button>
  );
}
