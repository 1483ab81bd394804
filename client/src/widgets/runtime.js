// The form runtime handed to widgets through RJSF's formContext: one stable object per page, so
// passing it never re-renders a field. Widgets that read other answers (a conditional dropdown's
// controller) and widgets that show typed text (so that a keystroke re-renders the input, not its
// section) subscribe to the answers mirror; the page publishes each new answer map to it.
import { useSyncExternalStore } from "react";

export function createRuntime() {
  const listeners = new Set();
  let published = null;
  const runtime = {
    answers: {},
    compiled: null,
    page: null,
    bridge: {},
    /**
     * Make `answers` current and tell the subscribers (each re-renders only when the value it reads
     * changed). The page also sets `runtime.answers` while it renders, so that the fields it renders
     * read the new map at once; subscribers still hear of it here, after the commit.
     */
    publish(answers) {
      runtime.answers = answers;
      if (answers === published) return;
      published = answers;
      for (const listener of [...listeners]) listener();
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

/** The answer of `key` from the runtime, re-rendering when it changes (undefined without a key). */
export function useRuntimeAnswer(runtime, key) {
  const read = () => (key ? runtime.answers?.[key] : undefined);
  return useSyncExternalStore(runtime.subscribe ?? noSubscribe, read, read);
}

function noSubscribe() {
  return () => {};
}
