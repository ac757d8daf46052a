import { Chat } from "@ai-sdk/react";
import type { AnswerRetryStatus } from "@nexus/contracts";
import { type ChatInit, type ChatOnFinishCallback, DefaultChatTransport, type UIMessage } from "ai";
import { ANON_ID_HEADER_NAME, getAnonId } from "@/lib/anon-id.ts";
import { createChatFetch } from "./chat-fetch.ts";
import { retryStatusOf } from "./chat-status.ts";
import { markStopped } from "./chat-store.ts";
import { type LiveValue, liveValue } from "./live-value.ts";

/** One live chat of any kind, and what the server says about its running reply beside it. */
export interface LiveChat<M extends UIMessage> {
  chat: Chat<M>;
  /** The server is retrying the model for the running reply (data-status), else null. */
  retrying: LiveValue<AnswerRetryStatus | null>;
}

/** Only the text of each message goes to the server; it reads nothing else. */
export function slimMessage(message: UIMessage) {
  return {
    id: message.id,
    role: message.role,
    parts: message.parts.flatMap((part) =>
      part.type === "text" ? [{ type: "text" as const, text: part.text }] : [],
    ),
  };
}

/**
 * A chat on the AI SDK's `Chat` for every chat kind (answers, preset and custom agents): it posts
 * to `api` with the tab's anonymous id, the messages' text and `body(messages)`'s fields; a refused
 * request fails with a ChatRequestError (chat-fetch.ts); the server's transient `data-status`
 * retries are kept in `retrying` while the reply runs.
 */
export function createChat<M extends UIMessage>(options: {
  id: string;
  api: string;
  messages?: M[];
  /**
   * The request's own fields besides id, messages, trigger and messageId (`request`: which of
   * them this request is; a regenerate names the reply it replaces).
   */
  body?: (
    messages: readonly M[],
    request: { trigger: "submit-message" | "regenerate-message"; messageId: string | undefined },
  ) => Record<string, unknown>;
  dataPartSchemas?: ChatInit<M>["dataPartSchemas"];
  messageMetadataSchema?: ChatInit<M>["messageMetadataSchema"];
  /** A stopped reply's messages as they stay (default: chat-store.ts's markStopped). */
  markStopped?: (messages: M[]) => M[];
  onFinish?: ChatOnFinishCallback<M>;
  fetch?: typeof fetch;
}): LiveChat<M> {
  const retrying = liveValue<AnswerRetryStatus | null>(null);
  const transport = new DefaultChatTransport<M>({
    api: options.api,
    credentials: "same-origin",
    headers: () => ({ [ANON_ID_HEADER_NAME]: getAnonId() }),
    fetch: createChatFetch(options.fetch),
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId }) => {
      retrying.set(null);
      return {
        body: {
          id,
          messages: messages.map(slimMessage),
          trigger,
          messageId,
          ...options.body?.(messages, { trigger, messageId }),
        },
      };
    },
  });
  const chat: Chat<M> = new Chat<M>({
    id: options.id,
    messages: options.messages ?? [],
    transport,
    ...(options.dataPartSchemas ? { dataPartSchemas: options.dataPartSchemas } : {}),
    ...(options.messageMetadataSchema
      ? { messageMetadataSchema: options.messageMetadataSchema }
      : {}),
    // Transient parts are not kept in the message: the retry status lives beside the chat.
    onData: (part) => {
      if (part.type !== "data-status") return;
      const status = retryStatusOf(part.data);
      if (status) retrying.set(status);
    },
    onFinish: (event) => {
      retrying.set(null);
      let { messages } = event;
      if (event.isAbort) {
        messages = (options.markStopped ?? markStopped)(messages);
        chat.messages = messages;
      }
      options.onFinish?.({ ...event, messages });
    },
  });
  return { chat, retrying };
}
