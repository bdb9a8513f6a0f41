// Sign-up and sign-in: the api sets the session and CSRF cookies on success.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, messageOf } from '../api.js';
import type { Credentials, Owner, SessionView } from '@askflow/contract/browser';
import { ErrorMessage } from '../components/ErrorMessage.js';

export function AuthPage({ mode, onSignedIn }: { mode: 'signin' | 'signup'; onSignedIn: (owner: Owner) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = mode === 'signup' ? 'Sign up' : 'Sign in';
  const emailInput = useRef<HTMLInputElement>(null);
  useEffect(() => emailInput.current?.focus(), [mode]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const path = mode === 'signup' ? '/manage/session/signup' : '/manage/session';
      const { owner } = await api<SessionView>('POST', path, { email, password } satisfies Credentials);
      onSignedIn(owner);
    } catch (err) { setError(messageOf(err)); } finally { setBusy(false); }
  };

  return (
    <section className="auth">
      <h1>{title}</h1>
      {mode === 'signup' && <p>Create an account to set up a project, add your documents and get an API key for your app.</p>}
      <form onSubmit={(e) => void submit(e)}>
        <label><span>Email</span><input ref={emailInput} type="email" required autoComplete="email" value={email} onChange={(e) => { setEmail(e.target.value); setError(null); }} /></label>
        <label><span>Password</span><input type="password" required minLength={mode === 'signup' ? 10 : undefined} autoComplete={mode === 'signup' ? 'new-password' : 'current-password'} value={password} onChange={(e) => { setPassword(e.target.value); setError(null); }} /></label>
        {mode === 'signup' && <p className="meta">At least 10 characters.</p>}
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>{title}</button>
      </form>
      <p>{mode === 'signup' ? <a href="#/signin">I have an account: sign in</a> : <a href="#/signup">New here? Sign up</a>}</p>
    </section>
  );
}
