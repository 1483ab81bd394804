import { t } from "../strings/strings.js";
import { Component, useEffect, useState } from "react";
import * as api from "../api/client.js";
import { cached } from "./sessionStore.js";

/** The generic error screen for uncaught errors (every route shows it, never a blank page). */
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
  // In the tenant's words: the compiled form (its texts) may not have arrived before the error.
  const [, setWorded] = useState(false);
  useEffect(() => {
    let shown = true;
    cached("form", api.fetchCompiledForm).then(
      () => shown && setWorded(true),
      () => {},
    );
    return () => {
      shown = false;
    };
  }, []);
  return (
    <main className="error-screen" id="main">
      <div className="card" role="alert">
        <h1>{t("shell_error_title")}</h1>
        <p>{t("shell_error_text")}</p>
        <a className="button" href="/">
          {t("shell_error_back")}
        </a>
      </div>
    </main>
  );
}
