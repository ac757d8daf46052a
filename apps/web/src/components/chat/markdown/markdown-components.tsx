import type { ComponentProps, JSX } from "react";
import type { Components, ExtraProps } from "react-markdown";
import { toSafeHttpUrl, toSafeUrl } from "@/lib/chat/safe-url.ts";
import { t } from "@/lib/i18n/i18n.ts";
import { proxiedImageSrc, sharedDocumentImage } from "@/lib/image-proxy.ts";
import { CitationChip } from "./citation-chip.tsx";
import { CodeBlock } from "./code-block.tsx";
import { CITATION_TAG } from "./remark-citations.ts";
import {
  InsideLinkContext,
  useInsideLink,
  useRenderCitation,
  useSourceImages,
} from "./sources-context.ts";

/**
 * The elements AnswerMarkdown draws itself (split from answer-markdown.tsx): safe links and
 * images, tables, task-list boxes, citations, code blocks — and every block of text with
 * `dir="auto"`, so a paragraph, list item, heading, quote or table cell reads in its own
 * direction (an Arabic paragraph in an English answer right to left, and the reverse), while a
 * code block stays left to right (code-block.tsx).
 */

type Props<Tag extends keyof JSX.IntrinsicElements> = ComponentProps<Tag> & ExtraProps;

const EXTERNAL_REL = "noopener noreferrer nofollow ugc";

export function pageOrigin(): string | null {
  return typeof window === "undefined" ? null : window.location.origin;
}

function SafeLink({ href, children }: Props<"a">) {
  const nested = useInsideLink();
  const safe = typeof href === "string" ? toSafeUrl(href) : null;
  if (!safe || nested) return <span className="answer-link-text">{children}</span>;
  const external = safe.protocol !== "mailto:";
  return (
    <InsideLinkContext.Provider value={true}>
      <a
        href={safe.href}
        target={external ? "_blank" : undefined}
        rel={external ? EXTERNAL_REL : undefined}
        className="font-medium text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
      >
        {children}
      </a>
    </InsideLinkContext.Provider>
  );
}

const CHIP =
  "mx-0.5 inline-flex max-w-full items-center gap-1 rounded-md border border-border bg-surface-2 px-1.5 py-0.5 align-baseline text-muted text-xs";

function SafeImage({ src, alt }: Props<"img">) {
  const nested = useInsideLink();
  const allowed = useSourceImages();
  const raw = typeof src === "string" ? src : "";
  // Only this Nexus's image proxy is loaded, and only for an image the message's sources carried;
  // any other address (even a signed one, even on this origin) is a chip.
  const proxied = proxiedImageSrc(raw, pageOrigin()) ?? sharedDocumentImage(raw);
  const sameOrigin = proxied !== null && allowed.has(proxied) ? proxied : null;
  const altText = typeof alt === "string" ? alt.trim() : "";
  if (proxied !== null && sameOrigin === null) {
    return (
      <span className={CHIP} data-blocked-image="">
        <span className="truncate">
          {t("markdown.imageBlocked", { alt: altText || t("markdown.untitled") })}
        </span>
      </span>
    );
  }
  if (sameOrigin) {
    return (
      <img
        src={sameOrigin}
        alt={altText}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        className="my-2 inline-block h-auto max-w-full rounded-md border border-border"
      />
    );
  }
  const external = toSafeHttpUrl(raw);
  const alt_ = altText || t("markdown.untitled");
  const label = external
    ? t("markdown.imageFrom", { alt: alt_, site: external.domain })
    : t("markdown.imageBlocked", { alt: alt_ });
  const chip = CHIP;
  if (!external || nested) {
    return (
      <span className={chip} data-blocked-image="">
        <span className="truncate">{label}</span>
      </span>
    );
  }
  return (
    <a
      href={external.href}
      target="_blank"
      rel={EXTERNAL_REL}
      className={`${chip} no-underline hover:text-fg`}
      data-blocked-image=""
    >
      <span className="truncate">{label}</span>
    </a>
  );
}

function Table({ children }: Props<"table">) {
  return (
    <div className="my-4 w-full overflow-x-auto rounded-lg border border-border" data-table-wrap="">
      <table className="w-full border-collapse text-sm">{children}</table>
    </div>
  );
}

function Input({ type, checked }: Props<"input">) {
  if (type !== "checkbox") return null;
  return (
    <input
      type="checkbox"
      checked={Boolean(checked)}
      disabled
      readOnly
      className="mr-1.5 size-3.5 translate-y-[0.1em] accent-accent"
    />
  );
}

function Cite({ node, children }: Props<"cite">) {
  const render = useRenderCitation();
  const n = Number(node?.properties.dataCitation);
  const occurrence = Number(node?.properties.dataOccurrence ?? 0);
  if (!Number.isInteger(n) || n < 1) return <>{children}</>;
  return render ? render(n) : <CitationChip n={n} occurrence={occurrence} />;
}

/** A block of text in its own direction (the first strong character's: `dir="auto"`). */
function P({ node: _node, ...props }: Props<"p">) {
  return <p dir="auto" {...props} />;
}
function Li({ node: _node, ...props }: Props<"li">) {
  return <li dir="auto" {...props} />;
}
function Blockquote({ node: _node, ...props }: Props<"blockquote">) {
  return <blockquote dir="auto" {...props} />;
}
function Td({ node: _node, ...props }: Props<"td">) {
  return <td dir="auto" {...props} />;
}
function Th({ node: _node, ...props }: Props<"th">) {
  return <th dir="auto" {...props} />;
}
function H1({ node: _node, ...props }: Props<"h1">) {
  return <h1 dir="auto" {...props} />;
}
function H2({ node: _node, ...props }: Props<"h2">) {
  return <h2 dir="auto" {...props} />;
}
function H3({ node: _node, ...props }: Props<"h3">) {
  return <h3 dir="auto" {...props} />;
}
function H4({ node: _node, ...props }: Props<"h4">) {
  return <h4 dir="auto" {...props} />;
}
function H5({ node: _node, ...props }: Props<"h5">) {
  return <h5 dir="auto" {...props} />;
}
function H6({ node: _node, ...props }: Props<"h6">) {
  return <h6 dir="auto" {...props} />;
}

function Pre({ node, children }: Props<"pre">) {
  return <CodeBlock node={node}>{children}</CodeBlock>;
}

export const COMPONENTS: Components = {
  p: P,
  li: Li,
  blockquote: Blockquote,
  td: Td,
  th: Th,
  h1: H1,
  h2: H2,
  h3: H3,
  h4: H4,
  h5: H5,
  h6: H6,
  a: SafeLink,
  img: SafeImage,
  table: Table,
  input: Input,
  pre: Pre,
  [CITATION_TAG]: Cite,
};
