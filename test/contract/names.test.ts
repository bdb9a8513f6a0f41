// The zod-free names the client reads streams by are the schema's own: a type added to
// StreamEventSchema without its name here would be skipped by the client as unknown.
import { StreamEventSchema } from '@askflow/contract';
import { STREAM_EVENT_TYPES } from '@askflow/contract/names';

describe('the contract’s zod-free names', () => {
  it('list exactly the stream event types the schema accepts', () => {
    const schemaTypes = StreamEventSchema.options.flatMap((o) => [...o.shape.type.values]);
    expect([...STREAM_EVENT_TYPES].sort()).toEqual([...schemaTypes].sort());
  });
});
