// A page that fails to load (a chunk gone after an upgrade, a bug) says so instead of leaving
// the console blank; going to another page tries again.
import { Component, type ReactNode } from 'react';

interface Props { children: ReactNode; /** When it changes (another page), a caught error is forgotten. */ resetKey: string }

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
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
