// Project settings: model, temperature, prompt, switches, the model menu and voice model.
import { useState, type FormEvent } from 'react';
import { api } from '../api.js';
import type { ProjectPatch, ProjectView, ThreadConcurrency } from '@askflow/contract/browser';
import { useProject } from '../projectContext.js';
import { useAction } from '../useAction.js';
import { useConsoleConfig } from '../useConsoleConfig.js';
import { useUnsavedChanges } from '../router.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { CopyButton } from '../components/CopyButton.js';
import { ModelPicker } from '../components/ModelPicker.js';
import { ModelListEditor } from '../components/ModelListEditor.js';
import { Skeleton } from '../components/Skeleton.js';
import { ProvidersSection } from './ProvidersSection.js';
import { PricesSection } from './PricesSection.js';
import { AllowedHostsSection } from './AllowedHostsSection.js';
import { BudgetSection } from './BudgetSection.js';

const formOf = (project: ProjectView) => ({
  name: project.name,
  chatModel: project.chatModel,
  temperature: String(project.temperature),
  systemPrompt: project.systemPrompt,
  toolsEnabled: project.toolsEnabled,
  ragEnabled: project.ragEnabled,
  modelSwitching: project.modelSwitching,
  traceContent: project.traceContent,
  threadConcurrency: project.threadConcurrency,
  models: project.models,
  fallbackModels: project.fallbackModels,
  voiceModel: project.voiceModel ?? '',
});

export function SettingsPage() {
  const { project, reload } = useProject();
  const config = useConsoleConfig();
  const [saved, setSaved] = useState(() => formOf(project));
  const [form, setForm] = useState(saved);
  const [notice, setNotice] = useState(false);
  const action = useAction();
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  useUnsavedChanges(dirty, 'project settings');
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => { setForm({ ...form, [key]: value }); setNotice(false); action.clearError(); };

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const updated = await action.run(() => api<ProjectView>('PATCH', `/manage/projects/${project.id}`, {
      name: form.name,
      chatModel: form.chatModel.trim(),
      temperature: Number(form.temperature),
      systemPrompt: form.systemPrompt,
      toolsEnabled: form.toolsEnabled,
      ragEnabled: form.ragEnabled,
      modelSwitching: form.modelSwitching,
      traceContent: form.traceContent,
      threadConcurrency: form.threadConcurrency,
      models: form.models,
      fallbackModels: form.fallbackModels,
      voiceModel: form.voiceModel.trim() || null,
    } satisfies ProjectPatch));
    if (!updated) return;
    // What the API kept (the menu always starts with the default) is the new baseline.
    const next = formOf(updated);
    setSaved(next);
    setForm(next);
    setNotice(true);
    reload();
  };

  const builtIn = config?.builtInModels ?? [];
  return (
    <>
      <section>
        <h2>Tenant ID</h2>
        <p className="tenant">Apps send this as <code>tenantId</code>: <code data-testid="tenant-id">{project.id}</code> <CopyButton value={project.id} label="Copy Tenant ID" /></p>
      </section>
      <section>
        <h2>Model and behaviour</h2>
        {!config ? <Skeleton label="Loading the models" /> : (
          <form onSubmit={(e) => void save(e)}>
            <label><span>Project name</span><input type="text" required value={form.name} onChange={(e) => set('name', e.target.value)} /></label>
            <ModelPicker label="Chat model (default)" value={form.chatModel} onChange={(m) => set('chatModel', m)} project={project} builtIn={builtIn} hint />
            <label><span>Temperature</span><input type="number" min={0} max={2} step={0.1} required value={form.temperature} onChange={(e) => set('temperature', e.target.value)} /></label>
            <label><span>System prompt</span><textarea rows={3} value={form.systemPrompt} onChange={(e) => set('systemPrompt', e.target.value)} /></label>
            <fieldset className="switches">
              <legend>Switches</legend>
              <label><input type="checkbox" checked={form.toolsEnabled} onChange={(e) => set('toolsEnabled', e.target.checked)} /> Tools enabled</label>
              <label><input type="checkbox" checked={form.ragEnabled} onChange={(e) => set('ragEnabled', e.target.checked)} /> RAG (knowledge) enabled</label>
              <label><input type="checkbox" checked={form.modelSwitching} onChange={(e) => set('modelSwitching', e.target.checked)} /> Model switching (callers may pick from the menu)</label>
              <label><input type="checkbox" checked={form.traceContent} onChange={(e) => set('traceContent', e.target.checked)} /> Message text in traces (prompts and answers on exported spans; off keeps them out)</label>
            </fieldset>
            <label>
              <span>When a thread is busy (an ask arrives while the thread answers another)</span>
              <select value={form.threadConcurrency} onChange={(e) => set('threadConcurrency', e.target.value as ThreadConcurrency)}>
                <option value="enqueue">Queue it: answer after the running ask, seeing its turn</option>
                <option value="reject">Refuse it (409 ThreadBusy)</option>
                <option value="interrupt">Interrupt: cancel the running ask (its partial answer is not kept) and answer the new one</option>
              </select>
            </label>
            <ModelListEditor legend="Model menu" hint="Models callers may pick per ask (with model switching on); the default chat model is always first."
              models={form.models} onChange={(m) => set('models', m)} project={project} builtIn={builtIn} />
            <ModelListEditor legend="Fallback models" hint="Tried in order when the default model's provider is down."
              models={form.fallbackModels} onChange={(m) => set('fallbackModels', m)} project={project} builtIn={builtIn} />
            <ModelPicker label="Voice model" value={form.voiceModel} onChange={(m) => set('voiceModel', m)} project={project} builtIn={builtIn} emptyLabel="Same as the chat model" />
            <ErrorMessage error={action.error} />
            {notice && !dirty && <p className="notice" role="status">Settings saved.</p>}
            {dirty && <p className="meta" role="status">Unsaved changes.</p>}
            <div className="row">
              <button type="submit" disabled={action.busy}>Save settings</button>
              {dirty && <button type="button" onClick={() => { setForm(saved); action.clearError(); }}>Discard changes</button>}
            </div>
          </form>
        )}
      </section>
      <AllowedHostsSection />
      <BudgetSection path={`/manage/projects/${project.id}/budget`} title="Budget" intro="Caps on the whole project's tokens and cost." />
      <ProvidersSection />
      <PricesSection />
    </>
  );
}
