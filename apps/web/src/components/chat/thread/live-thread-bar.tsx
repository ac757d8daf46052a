import type { Chat } from "@ai-sdk/react";
import { useChat } from "@ai-sdk/react";
import type { UIMessage } from "ai";
import type { ReactNode } from "react";
import { textOf } from "./use-thread.ts";

/**
 * A live thread's bar (its title with Rename, Share and Delete), once the server has the thread:
 * when it has a reply that has ended (a thread's first reply names and saves it). `render` gets the
 * person's first question (the title until the server's arrives).
 */
export function LiveThreadBar<M extends UIMessage>({
  chat,
  render,
}: {
  chat: Chat<M>;
  render: (firstQuery: string) => ReactNode;
}) {
  const { messages, status } = useChat({ chat });
  const replies = messages.filter((m) => m.role === "assistant").length;
  const busy = status === "submitted" || status === "streaming";
  if (!(replies > 1 || (replies === 1 && !busy))) return null;
  const question = messages.find((m) => m.role === "user");
  return render(question ? textOf(question) : "");
}
