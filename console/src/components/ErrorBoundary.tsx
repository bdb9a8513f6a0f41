// A page that fails to load (a chunk gone after an upgrade, a bug) says so instead of leaving
// the console blank.
import { Component, type ReactNode } from 'react';

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section role="alert">
        <h2>This page could not be shown</h2>
        <p className="error">{this.state.error.message}</p>
        <p>If Askflow was just upgraded, reloading loads the new console.</p>
        <button type="button" onClick={() => window.location.reload()}>Reload</button>
      </section>
    );
  }
}
