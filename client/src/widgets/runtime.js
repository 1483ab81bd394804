// The form runtime handed to widgets through RJSF's formContext: one stable object per page, so
// passing it never re-renders a field. Widgets that read other answers (a conditional dropdown's
// controller) subscribe to the answers mirror; the page publishes each new answer map to it.
import { useSyncExternalStore } from "react";

export function createRuntime() {
  const listeners = new Set();
  const runtime = {
    answers: {},
    compiled: null,
    page: null,
    bridge: {},
    publish(answers) {
      if (answers === runtime.answers) return;
      runtime.answers = answers;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Apply a change of several keys at once (the page adds what the change clears). */
    patch(partial) {
      runtime.bridge.patch?.(partial);
    },
  };
  return runtime;
}

export function useRuntimeAnswer(runtime, key) {
  const read = () => (key ? runtime.answers?.[key] : undefined);
  return useSyncExternalStore(runtime.subscribe ?? noSubscribe, read, read);
}

function noSubscribe() {
  return () => {};
}
