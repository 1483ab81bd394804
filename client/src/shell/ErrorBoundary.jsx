import { Component } from "react";

export const ERROR_SCREEN_TITLE = "Something went wrong.";
export const ERROR_SCREEN_TEXT =
  "The issue that caused you to see this has been logged. We will get it fixed as soon as possible.";

/** The generic error screen for uncaught errors (platform section 2). */
export class ErrorBoundary extends Component {
  state = { error: null };

  static getDerivedStateFromError(error) {
    return { error };
  }

  componentDidCatch(error, info) {
    console.error("Uncaught error", error, info?.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return <ErrorScreen />;
  }
}

export function ErrorScreen() {
  return (
    <main className="error-screen" id="main">
      <div className="card" role="alert">
        <h1>{ERROR_SCREEN_TITLE}</h1>
        <p>{ERROR_SCREEN_TEXT}</p>
        <a className="button" href="/">
          Back to the application
        </a>
      </div>
    </main>
  );
}
