/** One server-sent event as it came over the wire. */
export interface SseMessage {
  /** This message's own `id:` field; undefined when it had none (it then does not move `Last-Event-ID`). */
  id: string | undefined;
  /** The `event:` field, `message` when absent. */
  event: string;
  /** The `data:` lines, joined by `\n`. */
  data: string;
}

/**
 * Incremental `text/event-stream` parser, after the WHATWG rules: lines end in CRLF, LF or CR;
 * `:` starts a comment; `field: value` with one optional space; a blank line dispatches; a
 * message without data is dropped. Written here so the client needs no runtime dependency.
 * `retry:` is ignored: the client reconnects by its own backoff.
 */
export class SseParser {
  #buffer = '';
  #started = false;
  #skipLf = false;
  #data: string[] = [];
  #event = '';
  #id: string | undefined;

  /** Feeds decoded text (any chunking); returns the messages it completed. */
  feed(text: string): SseMessage[] {
    if (!this.#started && text.length > 0) {
      this.#started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // The LF of a CRLF whose CR ended the previous chunk.
    if (this.#skipLf && text.length > 0) {
      this.#skipLf = false;
      if (text.startsWith('\n')) text = text.slice(1);
    }
    this.#buffer += text;
    const messages: SseMessage[] = [];
    let start = 0;
    const lineEnd = /\r\n|\r|\n/g;
    for (let m = lineEnd.exec(this.#buffer); m !== null; m = lineEnd.exec(this.#buffer)) {
      this.#line(this.#buffer.slice(start, m.index), messages);
      start = m.index + m[0].length;
      if (m[0] === '\r' && start === this.#buffer.length) this.#skipLf = true;
    }
    this.#buffer = this.#buffer.slice(start);
    return messages;
  }

  #line(line: string, messages: SseMessage[]): void {
    if (line === '') return this.#dispatch(messages);
    if (line.startsWith(':')) return; // comment, e.g. the service's `: keep-alive`
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.#data.push(value);
    else if (field === 'event') this.#event = value;
    else if (field === 'id' && !value.includes('\0')) this.#id = value;
  }

  #dispatch(messages: SseMessage[]): void {
    if (this.#data.length > 0) messages.push({ id: this.#id, event: this.#event || 'message', data: this.#data.join('\n') });
    this.#data = [];
    this.#event = '';
    this.#id = undefined;
  }
}
