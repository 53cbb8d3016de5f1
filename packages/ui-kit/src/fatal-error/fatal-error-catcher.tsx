import { FATAL_ERROR_TEXT } from '@vocal/settings-model';
import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { FatalErrorScreenProps } from './fatal-error-screen.tsx';
import { isIgnoredError } from './is-ignored-error.ts';

export type FatalErrorSource = 'render' | 'error-event' | 'unhandled-rejection';

export type FatalErrorReport = {
  /** Always 'Fatal error occurred in client app' (spec section 8). */
  title: typeof FATAL_ERROR_TEXT.logTitle;
  error: unknown;
  source: FatalErrorSource;
  componentStack?: string;
};

export type FatalErrorBoundaryProps = {
  children?: ReactNode;
  /** Where the app's logger gets the error. Not called for the ignored errors. */
  onError?: (report: FatalErrorReport) => void;
  /**
   * Also show the screen for errors nothing caught (window "error" and "unhandledrejection").
   * Those leave the page intact, so the screen then covers the page instead of replacing it and
   * Continue returns to it exactly as it was (a recording in progress is not lost).
   */
  catchUnhandled?: boolean;
  /** Called after Continue cleared the error, e.g. to navigate somewhere safe. */
  onContinue?: () => void;
};

export type FatalErrorCatcherProps = FatalErrorBoundaryProps & {
  /** The screen to show: the fatal-error screen, or a page's lazily loaded copy of it. */
  screen: ComponentType<FatalErrorScreenProps>;
};

type State = { renderFailed: boolean; unhandledFailed: boolean };

/**
 * FatalErrorBoundary with the screen given, so a page with a tight JavaScript budget (the
 * public pages) can load the screen only when it is needed. Shows the screen when its subtree throws while rendering (and, by default, when
 * any error goes unhandled), logs the error under the spec's title and reports it through
 * onError. Continue clears the error and renders the subtree again.
 */
export class FatalErrorCatcher extends Component<FatalErrorCatcherProps, State> {
  override state: State = { renderFailed: false, unhandledFailed: false };

  static getDerivedStateFromError(): Partial<State> {
    return { renderFailed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // A render error always shows the screen (the subtree is gone); an ignored one is not reported.
    if (isIgnoredError(error)) return;
    this.report(error, 'render', info.componentStack ?? undefined);
  }

  override componentDidMount() {
    if (this.props.catchUnhandled === false) return;
    window.addEventListener('error', this.onErrorEvent);
    window.addEventListener('unhandledrejection', this.onUnhandledRejection);
  }

  override componentWillUnmount() {
    window.removeEventListener('error', this.onErrorEvent);
    window.removeEventListener('unhandledrejection', this.onUnhandledRejection);
  }

  private readonly onErrorEvent = (event: ErrorEvent) => {
    this.unhandled(event.error ?? event.message, 'error-event');
  };

  private readonly onUnhandledRejection = (event: PromiseRejectionEvent) => {
    this.unhandled(event.reason, 'unhandled-rejection');
  };

  private unhandled(error: unknown, source: FatalErrorSource) {
    if (isIgnoredError(error)) return;
    this.report(error, source);
    this.setState({ unhandledFailed: true });
  }

  private report(error: unknown, source: FatalErrorSource, componentStack?: string) {
    console.error(FATAL_ERROR_TEXT.logTitle, error);
    this.props.onError?.({
      title: FATAL_ERROR_TEXT.logTitle,
      error,
      source,
      ...(componentStack ? { componentStack } : {}),
    });
  }

  private readonly continue = () => {
    this.setState({ renderFailed: false, unhandledFailed: false });
    this.props.onContinue?.();
  };

  override render() {
    const Screen = this.props.screen;
    if (this.state.renderFailed) return <Screen onContinue={this.continue} />;
    return (
      <>
        {this.props.children}
        {this.state.unhandledFailed ? <Screen overlay onContinue={this.continue} /> : null}
      </>
    );
  }
}
