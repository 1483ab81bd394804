// What the form renderer keeps besides the shell's AppContext (answers, snapshot, saves, validations
// and toasts come from there): document answers, uploads and conversions in progress, add-another
// counts, chosen tabs, the server's 422 errors; plus the calls the widgets make, through the shell's
// one JSON helper. One small store with subscribe/get, so only what reads a changed slice re-renders.
import { useSyncExternalStore } from "react";
import {
  applicationPdf,
  conversionStatus,
  deleteConversion,
  deleteDocumentAnswer,
  documentAnswers,
  fetchAddAnother,
  fetchTabs,
  lookupDetail,
  lookupFind,
  presign,
  putAddAnother,
  putTabs,
  startConversion,
} from "../api/client.js";

/** The form's calls: the functions of the one endpoint table (api/client.js), in one object so
 * that a test can replace one of them. */
export const api = {
  fetchAddAnother,
  putAddAnother,
  fetchTabs,
  putTabs,
  documentAnswers,
  presign,
  startConversion,
  conversionStatus,
  deleteConversion,
  deleteDocumentAnswer,
  applicationPdf,
  lookupFind,
  lookupDetail,
};

/** What the store holds for `owner` before anything is loaded. */
function emptyState(owner) {
  return {
    owner,
    extrasLoaded: false,
    documents: {},
    conversions: {},
    addAnother: {},
    tabs: {},
    serverErrors: {},
  };
}

/** The store: plain state, replaced (never mutated) on each change. */
export function createFormApp(initial = {}) {
  let state = { ...emptyState(""), ...initial };
  const listeners = new Set();
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(patch) {
      state = { ...state, ...(typeof patch === "function" ? patch(state) : patch) };
      for (const listener of listeners) listener();
    },
  };
}

let current = null;

/** The one store of the running client. */
export function formApp() {
  if (!current) current = createFormApp();
  return current;
}

/** Subscribe to a slice of the store; re-renders only when the selected value changes. */
export function useFormApp(select = (state) => state, store = formApp()) {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}

/** Load add-another counts, tabs and document answers once per applicant (a new login starts afresh). */
let extrasLoading = null;
export function loadExtras(store = formApp(), { isLoggedIn, username = "" } = {}) {
  const state = store.get();
  if (state.owner !== username) {
    store.set(emptyState(username));
    extrasLoading = null;
  }
  if (!isLoggedIn || store.get().extrasLoaded || extrasLoading) return extrasLoading || Promise.resolve();
  const loading = Promise.all([api.fetchAddAnother(), api.fetchTabs(), api.documentAnswers()])
    .then(([addAnother, tabs, documents]) => {
      if (store.get().owner === username) store.set({ extrasLoaded: true, addAnother, tabs, documents });
    })
    .catch(() => store.set({ extrasLoaded: true }))
    .finally(() => {
      if (extrasLoading === loading) extrasLoading = null;
    });
  extrasLoading = loading;
  return loading;
}

export function resetFormApp() {
  current = null;
  extrasLoading = null;
}
