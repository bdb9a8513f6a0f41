// One tool's definition. Parameters are edited as JSON text and parsed before sending, so a
// typo is reported here instead of as a vague 400.
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '../api.js';
import { useUnsavedChanges } from '../router.js';
import type { ToolInput, ToolView } from '@askflow/contract/browser';
import { ErrorMessage } from '../components/ErrorMessage.js';

const emptySchema = '{\n  "type": "object",\n  "properties": {}\n}';

export function ToolForm({ base, tool, onDone, onCancel }: { base: string; tool: ToolView | null; onDone: () => void; onCancel: () => void }) {
  const [name, setName] = useState(tool?.name ?? '');
  const [description, setDescription] = useState(tool?.description ?? '');
  const [parameters, setParameters] = useState(tool ? JSON.stringify(tool.parameters, null, 2) : emptySchema);
  const [url, setUrl] = useState(tool?.url ?? '');
  const [method, setMethod] = useState<ToolInput['method']>(tool?.method ?? 'POST');
  const [timeoutMs, setTimeoutMs] = useState(String(tool?.timeoutMs ?? 10000));
  const [forwardHeaders, setForwardHeaders] = useState((tool?.forwardHeaders ?? []).join(', '));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const initial = JSON.stringify([tool?.name ?? '', tool?.description ?? '', tool ? JSON.stringify(tool.parameters, null, 2) : emptySchema, tool?.url ?? '', tool?.method ?? 'POST', String(tool?.timeoutMs ?? 10000), (tool?.forwardHeaders ?? []).join(', ')]);
  useUnsavedChanges(JSON.stringify([name, description, parameters, url, method, timeoutMs, forwardHeaders]) !== initial, tool ? `tool ${tool.name}` : 'a new tool');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    // The API checks that it is a JSON Schema of an object.
    let schema: ToolInput['parameters'];
    try { schema = JSON.parse(parameters) as ToolInput['parameters']; } catch (err) { setError(`Parameters are not valid JSON: ${messageOf(err)}`); return; }
    const body = {
      name, description, parameters: schema, url, method, timeoutMs: Number(timeoutMs),
      forwardHeaders: forwardHeaders.split(',').map((h) => h.trim()).filter(Boolean),
    } satisfies ToolInput;
    setBusy(true);
    try {
      if (tool) await api('PUT', `${base}/${tool.id}`, body);
      else await api('POST', base, body);
      onDone();
    } catch (err) { setError(messageOf(err)); } finally { setBusy(false); }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={tool ? `Edit tool ${tool.name}` : 'New tool'}>
      <h3>{tool ? `Edit ${tool.name}` : 'New tool'}</h3>
      <label><span>Tool name</span><input type="text" required value={name} onChange={(e) => { setName(e.target.value); setError(null); }} /></label>
      <label><span>Description</span><input type="text" required value={description} onChange={(e) => { setDescription(e.target.value); setError(null); }} /></label>
      <label><span>Parameters (JSON Schema)</span><textarea rows={6} value={parameters} onChange={(e) => { setParameters(e.target.value); setError(null); }} /></label>
      <label><span>URL</span><input type="url" required value={url} onChange={(e) => { setUrl(e.target.value); setError(null); }} /></label>
      <label><span>Method</span>
        <select value={method} onChange={(e) => setMethod(e.target.value as ToolInput['method'])}>
          <option>POST</option><option>PUT</option><option>PATCH</option>
        </select>
      </label>
      <label><span>Timeout (ms)</span><input type="number" min={100} max={60000} value={timeoutMs} onChange={(e) => { setTimeoutMs(e.target.value); setError(null); }} /></label>
      <label><span>Forwarded headers (comma-separated allowlist)</span><input type="text" value={forwardHeaders} onChange={(e) => { setForwardHeaders(e.target.value); setError(null); }} /></label>
      <ErrorMessage error={error} />
      <div className="row">
        <button type="submit" disabled={busy}>Save tool</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
