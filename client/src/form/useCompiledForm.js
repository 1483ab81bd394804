import { useCallback, useEffect, useState } from "react";
import { formSummary } from "./summary.js";
import { toApiError } from "../api/errors.js";

/** Loads the compiled form once: {status: "loading" | "error" | "ready", summary, compiled, error, retry}. */
export function useCompiledForm(loadForm) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState({ status: "loading" });

  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    loadForm()
      .then((compiled) => {
        if (current) setState({ status: "ready", compiled, summary: formSummary(compiled) });
      })
      .catch((error) => {
        if (current) setState({ status: "error", error: toApiError(error) });
      });
    return () => {
      current = false;
    };
  }, [loadForm, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
