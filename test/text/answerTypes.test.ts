// The kind of answer a question asks for, as the words documentation states it with.
import { answerTypeWords, asksForCommand } from '../../text/answerTypes.js';

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

describe('questions asking for a command', () => {
  it('reads a question asking for a command, tool or script to run', () => {
    expect(asksForCommand('Is there one command that makes every pgpool pick up the new settings?')).toBe(true);
    expect(asksForCommand('What tool do I use to add an encrypted password entry?')).toBe(true);
    expect(asksForCommand('Is there a quick script that spins up a test cluster?')).toBe(true);
    expect(asksForCommand('Which command do I run to attach the node again?')).toBe(true);
    expect(asksForCommand('What do I run to see the log?')).toBe(true);
  });

  it('reads the kind asked for as the first one named, and commands a program sends as not asked for', () => {
    expect(asksForCommand('Which setting runs my own script when a server drops out?')).toBe(false);
    expect(asksForCommand('What commands does Pgpool-II send to clean up a pooled connection?')).toBe(false);
    expect(asksForCommand('Is there a way to list tags?')).toBe(false);
    expect(asksForCommand('Which command-line option turns the colours off?')).toBe(false);
    expect(asksForCommand('Is there a command-line tool that compares two database files?')).toBe(true);
    expect(asksForCommand('How do I stash my changes?')).toBe(false);
  });
});
