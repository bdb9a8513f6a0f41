// The trace view's data: an ask's steps on a timeline, read from its workflow history — from
// recorded histories of each kind of ask, and live through the management API for an ask whose
// tool failed once and was retried.
import { readFileSync } from 'node:fs';
import { AskResponseSchema, AskTimelineSchema, ThreadTurnsSchema, type AskTimeline } from '@askflow/contract';
import { defaultPayloadConverter } from '@temporalio/common';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { askTimeline } from '../../api/ask/timeline.js';
import { ask, closeDb, expectJson, manage, stackInfo } from '../stack/context.js';
import { weatherProject } from '../stack/weatherProject.js';

afterAll(closeDb);

/** A recorded history's timeline (its payloads were saved decoded). */
async function recorded(name: string): Promise<AskTimeline> {
  const history = historyFromJSON(JSON.parse(readFileSync(new URL(`../workflows/histories/${name}.json`, import.meta.url), 'utf8')));
  return askTimeline(name, history.events ?? [], async (payloads) => payloads.map((p) => defaultPayloadConverter.fromPayload(p)));
}

/** Steps in the order they started, each started after it was scheduled and ended after it started, all within the run. */
function expectOrdered(t: AskTimeline): void {
  let previousStart = 0;
  for (const s of t.steps) {
    expect(s.startedMs).toBeGreaterThanOrEqual(previousStart);
    expect(s.startedMs).toBeGreaterThanOrEqual(s.scheduledMs);
    expect(s.endedMs!).toBeGreaterThanOrEqual(s.startedMs);
    expect(t.durationMs!).toBeGreaterThanOrEqual(s.endedMs!);
    previousStart = s.startedMs;
  }
}

describe('ask timeline', () => {
  it('names the steps of each kind of recorded ask, in order, with their times', async () => {
    const tools = AskTimelineSchema.parse(await recorded('ask-tools'));
    expect(tools).toMatchObject({ workflowType: 'routedAskWorkflow', status: 'completed' });
    expect(tools.steps.map((s) => [s.label, s.kind, s.local])).toEqual([
      ['Plan and route: call getWeather', 'route', true],
      ['Tool getWeather', 'tool', false],
      ['Generate the answer', 'generate', true],
      ['Save the turn', 'persist', true],
    ]);
    expectOrdered(tools);
    expect(tools.orchestrationMs).toBeGreaterThanOrEqual(0);

    const vanilla = await recorded('ask-vanilla');
    expect(vanilla.steps.map((s) => s.label)).toEqual(['Plan, route, answer and save']);
    // An ask of the first workflow version (its runs may still replay): classify, search, choose a tool, call it, answer, save.
    const v1 = await recorded('v1-ask-tools');
    expect(v1.steps.map((s) => s.label)).toEqual(['Classify the intent', 'Search knowledge', 'Choose a tool', 'Tool getWeather', 'Generate the answer', 'Save the turn']);
    expect(v1.steps.every((s) => s.attempts === 1 && s.error === null && s.status === 'completed')).toBe(true);
    expectOrdered(v1);
  });

  it('shows a live ask through the management API: the tool call retried after a 503, with the error', async () => {
    const p = await weatherProject();
    try {
      p.tool.script({ status: 503, body: { message: 'busy' } });
      const answer = AskResponseSchema.parse(await expectJson(await ask(p, { message: "What's the weather in Oslo?" }), 200));
      expect(answer.intent).toBe('tools');
      const { turns } = ThreadTurnsSchema.parse(await expectJson(await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/threads/${answer.threadId}`), 200));
      const askId = turns[0]!.workflowId;

      // The answer comes once its turn is stored; the run records its end moments later.
      let timeline;
      for (let tries = 0; ; tries++) {
        const res = await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/asks/${askId}/timeline`);
        expect(res.headers.get('cache-control')).toBe('no-store');
        timeline = AskTimelineSchema.parse(await expectJson(res, 200));
        if (timeline.status !== 'running' || tries >= 50) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(timeline).toMatchObject({ askId, status: 'completed' });
      const tool = timeline.steps.find((s) => s.kind === 'tool')!;
      expect(tool).toMatchObject({ label: 'Tool getWeather', attempts: 2, status: 'completed', error: expect.stringContaining('HTTP 503') });
      expect(timeline.steps.at(-1)!.kind).toBe('persist');
      expectOrdered(timeline);
      // The run lasted about as long as the api said the ask took (the timeline is the run's own clock).
      expect(timeline.durationMs!).toBeLessThanOrEqual(turns[0]!.latencyMs + 1000);

      // Another owner's project, a missing ask, no session: refused alike.
      const other = await weatherProject();
      await other.tool.close();
      expect((await manage(other.owner.token, 'GET', `/projects/${other.tenantId}/asks/${askId}/timeline`)).status).toBe(404);
      expect((await manage(p.owner.token, 'GET', `/projects/${p.tenantId}/asks/ask-${p.tenantId}-00000000-0000-4000-8000-000000000000/timeline`)).status).toBe(404);
      expect((await fetch(`${stackInfo().baseUrl}/manage/projects/${p.tenantId}/asks/${askId}/timeline`)).status).toBe(401);
    } finally {
      await p.tool.close();
    }
  }, 60_000);
});
