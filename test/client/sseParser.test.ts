import { SseParser, type SseMessage } from '../../client/src/sseParser.js';

/** Feeds `text` in pieces of `size` characters, as a network might deliver it. */
function parse(text: string, size = text.length): SseMessage[] {
  const parser = new SseParser();
  const out: SseMessage[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...parser.feed(text.slice(i, i + size)));
  return out;
}

const stream = 'retry: 1000\n\nid: 0\nevent: thinking\ndata: {"type":"thinking"}\n\n: keep-alive\n\nid: 1\nevent: delta\ndata: {"type":"delta","content":"héllo"}\n\n';
const expected: SseMessage[] = [
  { id: '0', event: 'thinking', data: '{"type":"thinking"}' },
  { id: '1', event: 'delta', data: '{"type":"delta","content":"héllo"}' },
];

describe('the client’s SSE parser', () => {
  it.each([1, 2, 3, 7, 1000])('gives the same events however the stream is chunked (%i chars at a time)', (size) => {
    expect(parse(stream, size)).toEqual(expected);
  });

  it('accepts CRLF and CR line ends, even a CRLF split across chunks', () => {
    expect(parse(stream.replaceAll('\n', '\r\n'), 1)).toEqual(expected);
    expect(parse(stream.replaceAll('\n', '\r'), 5)).toEqual(expected);
  });

  it('joins multi-line data, defaults the event name, drops a leading BOM and an unfinished last event', () => {
    expect(parse('\uFEFFdata: a\ndata:b\ndata\n\nid: 9\ndata: never finished')).toEqual([{ id: undefined, event: 'message', data: 'a\nb\n' }]);
  });

  it('an event without an id has none (it must not move Last-Event-ID)', () => {
    expect(parse('id: 4\ndata: x\n\nevent: error\ndata: {}\n\n')).toEqual([
      { id: '4', event: 'message', data: 'x' },
      { id: undefined, event: 'error', data: '{}' },
    ]);
  });
});
