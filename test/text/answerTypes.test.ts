// The kind of answer a question asks for, as the words documentation states it with.
import { answerTypeWords } from '../../text/answerTypes.js';

describe('answer types', () => {
  it('reads a duration, an interval, a number, a size or a place from the question words', () => {
    expect(answerTypeWords('How long does the watchdog wait?')).toContain('timeout');
    expect(answerTypeWords('How often is the server checked?')).toContain('interval');
    expect(answerTypeWords('How many clients can connect?')).toContain('maximum');
    expect(answerTypeWords('How much shared memory can the cache use?')).toContain('size');
    expect(answerTypeWords('Where can I put ignore patterns for all my repositories?')).toContain('file');
  });

  it('reads none from a question that asks for a way or a reason', () => {
    expect(answerTypeWords('How do I stash my changes?')).toEqual([]);
    expect(answerTypeWords('Why is the long query slow?')).toEqual([]);
  });
});
