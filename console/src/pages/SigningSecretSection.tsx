// The secret tools use to verify Askflow's calls; hidden until asked for, rotatable with grace.
import { useState } from 'react';
import { api, messageOf } from '../api.js';
import type { RotateSecret, SigningSecretView } from '@askflow/contract/browser';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { CopyButton } from '../components/CopyButton.js';

export function SigningSecretSection({ projectId }: { projectId: string }) {
  const path = `/manage/projects/${projectId}/signing-secret`;
  const [secret, setSecret] = useState<SigningSecretView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async (rotate: boolean) => {
    setError(null);
    try { setSecret(await api<SigningSecretView>(rotate ? 'POST' : 'GET', rotate ? `${path}/rotate` : path, rotate ? ({} satisfies RotateSecret) : undefined)); } catch (err) { setError(messageOf(err)); }
  };
  return (
    <section>
      <h2>Signing secret</h2>
      <p className="meta">Tools verify <code>X-Service-Signature</code> with this secret. Rotating keeps the old one valid for 24 hours.</p>
      <ErrorMessage error={error} />
      {secret && (
        <>
          <p className="secret" data-testid="signing-secret">{secret.secret}</p>
          <CopyButton value={secret.secret} label="Copy secret" />
          {secret.previous && <p className="meta">Previous secret valid until {new Date(secret.previous.expiresAt).toLocaleString()}.</p>}
        </>
      )}
      <p>
        {!secret && <button type="button" onClick={() => void load(false)}>Show signing secret</button>}{' '}
        <button type="button" onClick={() => { if (window.confirm('Rotate the signing secret?')) void load(true); }}>Rotate signing secret</button>
      </p>
    </section>
  );
}
