// Project settings: model, temperature, prompt, switches, the model menu and voice model.
import { useState, type FormEvent } from 'react';
import { api, messageOf } from '../api.js';
import type { ProjectPatch, ProjectView, ThreadConcurrency } from '@askflow/contract/browser';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { CopyButton } from '../components/CopyButton.js';
import { ProvidersSection } from './ProvidersSection.js';
import { PricesSection } from './PricesSection.js';
import { AllowedHostsSection } from './AllowedHostsSection.js';
import { BudgetSection } from './BudgetSection.js';

export function SettingsPage({ project, onSaved }: { project: ProjectView; onSaved: () => void }) {
  const [form, setForm] = useState({
    name: project.name,
    chatModel: project.chatModel,
    temperature: String(project.temperature),
    systemPrompt: project.systemPrompt,
    toolsEnabled: project.toolsEnabled,
    ragEnabled: project.ragEnabled,
    modelSwitching: project.modelSwitching,
    traceContent: project.traceContent,
    threadConcurrency: project.threadConcurrency,
    models: project.models.join('\n'),
    fallbackModels: project.fallbackModels.join('\n'),
    voiceModel: project.voiceModel ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => { setForm({ ...form, [key]: value }); setSaved(false); };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await api('PATCH', `/manage/projects/${project.id}`, {
        name: form.name,
        chatModel: form.chatModel.trim(),
        temperature: Number(form.temperature),
        systemPrompt: form.systemPrompt,
        toolsEnabled: form.toolsEnabled,
        ragEnabled: form.ragEnabled,
        modelSwitching: form.modelSwitching,
        traceContent: form.traceContent,
        threadConcurrency: form.threadConcurrency,
        models: form.models.split('\n').map((m) => m.trim()).filter(Boolean),
        fallbackModels: form.fallbackModels.split('\n').map((m) => m.trim()).filter(Boolean),
        voiceModel: form.voiceModel.trim() || null,
      } satisfies ProjectPatch);
      setSaved(true);
      onSaved();
    } catch (err) { setError(messageOf(err)); }
  };

  // Suggest models the project can run: the offline one plus what is already configured.
  const known = [...new Set(['local:extractive', project.chatModel, ...project.models, ...project.prices.map((p) => p.modelId)])];

  return (
    <>
      <section>
        <h2>Tenant ID</h2>
        <p>Apps send this as <code>tenantId</code>: <code data-testid="tenant-id">{project.id}</code> <CopyButton value={project.id} label="Copy Tenant ID" /></p>
      </section>
      <section>
        <h2>Model and behaviour</h2>
        <form onSubmit={(e) => void save(e)}>
          <datalist id="known-models">{known.map((m) => <option key={m} value={m} />)}</datalist>
          <label><span>Project name</span><input type="text" required value={form.name} onChange={(e) => set('name', e.target.value)} /></label>
          <label><span>Chat model (default)</span><input type="text" list="known-models" required value={form.chatModel} onChange={(e) => set('chatModel', e.target.value)} /></label>
          <label><span>Temperature</span><input type="number" min={0} max={2} step={0.1} required value={form.temperature} onChange={(e) => set('temperature', e.target.value)} /></label>
          <label><span>System prompt</span><textarea rows={3} value={form.systemPrompt} onChange={(e) => set('systemPrompt', e.target.value)} /></label>
          <label><input type="checkbox" checked={form.toolsEnabled} onChange={(e) => set('toolsEnabled', e.target.checked)} /> Tools enabled</label>
          <label><input type="checkbox" checked={form.ragEnabled} onChange={(e) => set('ragEnabled', e.target.checked)} /> RAG (knowledge) enabled</label>
          <label><input type="checkbox" checked={form.modelSwitching} onChange={(e) => set('modelSwitching', e.target.checked)} /> Model switching (callers may pick from the menu)</label>
          <label><input type="checkbox" checked={form.traceContent} onChange={(e) => set('traceContent', e.target.checked)} /> Message text in traces (prompts and answers on exported spans; off keeps them out)</label>
          <label>
            <span>When a thread is busy (an ask arrives while the thread answers another)</span>
            <select value={form.threadConcurrency} onChange={(e) => set('threadConcurrency', e.target.value as ThreadConcurrency)}>
              <option value="enqueue">Queue it: answer after the running ask, seeing its turn</option>
              <option value="reject">Refuse it (409 ThreadBusy)</option>
              <option value="interrupt">Interrupt: cancel the running ask (its partial answer is not kept) and answer the new one</option>
            </select>
          </label>
          <label><span>Model menu (one id per line; the default is always first)</span><textarea rows={3} value={form.models} onChange={(e) => set('models', e.target.value)} /></label>
          <label><span>Fallback models (one id per line, tried in order when the default's provider is down)</span><textarea rows={2} value={form.fallbackModels} onChange={(e) => set('fallbackModels', e.target.value)} /></label>
          <label><span>Voice model (empty: the default)</span><input type="text" list="known-models" value={form.voiceModel} onChange={(e) => set('voiceModel', e.target.value)} /></label>
          <ErrorMessage error={error} />
          {saved && <p className="notice" role="status">Settings saved.</p>}
          <button type="submit">Save settings</button>
        </form>
      </section>
      <AllowedHostsSection project={project} onSaved={onSaved} />
      <BudgetSection path={`/manage/projects/${project.id}/budget`} title="Budget" intro="Caps on the whole project's tokens and cost." />
      <ProvidersSection projectId={project.id} />
      <PricesSection projectId={project.id} />
    </>
  );
}
