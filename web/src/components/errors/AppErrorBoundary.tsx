import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

type State = { error: unknown; failed: boolean };

/**
 * Browser noise that must not take the app down: ResizeObserver loop notices, and errors from
 * scripts that are not ours (extensions, opaque cross-origin "Script error.").
 */
function isIgnorable(event: ErrorEvent): boolean {
  if (event.message && /ResizeObserver loop/i.test(event.message)) return true;
  if (event.message === 'Script error.' && !event.error) return true;
  return !!event.filename && !event.filename.startsWith(window.location.origin);
}

/**
 * Replaces the page with the error screen on any uncaught render error, any window `error`
 * event and any `unhandledrejection`.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Uncaught render error', error, info.componentStack);
  }

  componentDidMount(): void {
    window.addEventListener('error', this.onWindowError);
    window.addEventListener('unhandledrejection', this.onUnhandledRejection);
  }

  componentWillUnmount(): void {
    window.removeEventListener('error', this.onWindowError);
    window.removeEventListener('unhandledrejection', this.onUnhandledRejection);
  }

  private onWindowError = (event: ErrorEvent): void => {
    if (isIgnorable(event)) return;
    this.setState({ error: event.error ?? event.message, failed: true });
  };

  private onUnhandledRejection = (event: PromiseRejectionEvent): void => {
    this.setState({ error: event.reason, failed: true });
  };

  render(): ReactNode {
    if (this.state.failed) return <ErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}
