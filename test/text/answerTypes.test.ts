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

  it('reads an interval from a question asking for something done every so often', () => {
    for (const q of ['How do I get it to poll the servers on a timer, like every 10 seconds?', 'Can it probe the backends every few seconds?', 'Can git run its housekeeping every hour?', 'Does it check periodically?', 'Can it send a keepalive at regular intervals?']) {
      expect(answerTypeWords(q)).toContain('interval');
    }
    expect(answerTypeWords('Does every commit need a message?')).toEqual([]);
  });

  it('reads none from a question that asks for a way or a reason', () => {
    expect(answerTypeWords('How do I stash my changes?')).toEqual([]);
    expect(answerTypeWords('Why is the long query slow?')).toEqual([]);
  });
});

describe('questions asking for a command', () => {
  // Each list's questions that are read otherwise, so a failure names them.
  const readOtherwise = (questions: string[], asking: boolean) => questions.filter((q) => asksForCommand(q) !== asking);

  it('reads a question asking for a command, tool or script to run', () => {
    const asking = [
      'Is there one command that makes every pgpool pick up the new settings?',
      'What tool do I use to add an encrypted password entry?',
      'Is there a quick script that spins up a test cluster?',
      'Which command do I run to attach the node again?',
      'What do I run to see the log?',
      // "What's" as "what is".
      "What's the PCP utility to stop the server remotely?",
      'what’s the command to list the nodes',
    ];
    expect(readOtherwise(asking, true)).toEqual([]);
  });

  it('reads the kind asked for as the first one named, and commands a program sends as not asked for', () => {
    const notAsking = [
      'Which setting runs my own script when a server drops out?',
      'What commands does Pgpool-II send to clean up a pooled connection?',
      'Is there a way to list tags?',
      'Which command-line option turns the colours off?',
      'How do I stash my changes?',
    ];
    expect(readOtherwise(notAsking, false)).toEqual([]);
    // A compound's last part is the kind: a command-line tool is a tool.
    expect(asksForCommand('Is there a command-line tool that compares two database files?')).toBe(true);
  });

  it('reads a question that opens by saying it is done from the command line or a shell as asking for a command', () => {
    expect(readOtherwise(['From the command line, how do I see which node is the leader?', 'from a shell on the pgpool box, how can i see how often the probe failed?', 'I use pgpool. From a terminal, how do I stop it?'], true)).toEqual([]);
    // Said of a program's input, or not first, the command line is no place something is done from.
    expect(readOtherwise(['Can I read arguments from the command line in Python?', 'How do I pass options on the command line to my script?'], false)).toEqual([]);
  });
});
