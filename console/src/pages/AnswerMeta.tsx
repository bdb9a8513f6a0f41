// What one answer was made of: intent, tool, knowledge, usage, model and its Temporal run. Only
// what is known is shown: an ask that failed says how, never "Intent: … Model: …".
import type { AskResult } from '../askStream.js';
import type { ConsoleConfig } from '@askflow/contract/browser';
import { runUrl } from '../useConsoleConfig.js';

export function AnswerMeta({ result, config }: { result: AskResult; config: ConsoleConfig | undefined }) {
  const link = runUrl(config, result.askId);
  const answered = result.intent !== undefined;
  return (
    <div className="meta" data-testid="answer-meta">
      {answered && (
        <div>
          Intent: <strong data-testid="intent">{result.intent}</strong> · Tool used: {result.toolUsed ?? 'none'} · Chunks: {result.ragChunksUsed ?? 0}
          {result.model && <> · Model: {result.model}</>}
        </div>
      )}
      {result.usage && <div>Usage: {result.usage.promptTokens} prompt + {result.usage.completionTokens} completion = {result.usage.totalTokens} tokens</div>}
      {result.sources && result.sources.length > 0 && (
        <div>Sources: <ul data-testid="sources">{result.sources.map((s) => <li key={`${s.documentId}-${s.chunk}`}>{s.document} (chunk {s.chunk}, score {s.score.toFixed(3)})</li>)}</ul></div>
      )}
      {link && <a href={link} target="_blank" rel="noreferrer">{answered ? 'Open run in Temporal UI' : 'See what happened in Temporal UI'}</a>}
    </div>
  );
}
