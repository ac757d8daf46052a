/** One message of a text/event-stream (comments and keep-alives give none). */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser: feed it text as it arrives; it returns the messages
 * that are complete (a blank line ends one) and keeps the rest for the next feed.
 */
export function createSseParser(): (text: string) => SseMessage[] {
  let buffer = "";
  return (text) => {
    buffer += text.replace(/\r\n?/g, "\n");
    const messages: SseMessage[] = [];
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      let id: string | null = null;
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line === "" || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? "" : line.slice(colon + 1);
        if (value.startsWith(" ")) value = value.slice(1);
        if (field === "id") id = value;
        else if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (data.length > 0) messages.push({ id, event, data: data.join("\n") });
    }
    return messages;
  };
}
