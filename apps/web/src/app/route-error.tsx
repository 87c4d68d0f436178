import { Component, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { buttonClass } from '../components/ui/button';
import { HydrationMark } from './hydration-mark';

/** A screen that failed to load (a new deploy replaced its code, or the network dropped). */
export function RouteError() {
  return (
    <main id="main" className="mx-auto max-w-md space-y-4 p-8 text-center">
      <h1 className="text-xl font-bold">
        <FormattedMessage id="web_error_title" />
      </h1>
      <p>
        <FormattedMessage id="web_error_body" />
      </p>
      <a href={window.location.href} className={buttonClass('primary')}>
        <FormattedMessage id="web_common_retry" />
      </a>
    </main>
  );
}

interface BoundaryProps {
  /** The address: a navigation elsewhere leaves the error behind. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  at: string;
}

/** Shows RouteError in place of a screen that threw or whose code did not load, as the data router's errorElement did. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, at: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.at ? null : { failed: false, at: props.resetKey };
  }

  override render() {
    // A screen that failed as it hydrated is drawn again in the browser: its error screen takes taps at once.
    return this.state.failed ? (
      <>
        <RouteError />
        <HydrationMark />
      </>
    ) : (
      this.props.children
    );
  }
}
