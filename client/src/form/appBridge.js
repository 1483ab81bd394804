// The form renderer's view of the application: answers, documents, add-another counts, tabs, the
// client snapshot, validation errors and toasts, plus the typed calls the widgets make. One small
// store with subscribe/get so a keystroke re-renders only what reads the changed state. The shell's
// context can replace `formApp` by calling `connectFormApp(store)`; until then this one loads its
// own data from the API.
import { useSyncExternalStore } from "react";
import * as client from "../api/client.js";
import { ApiError, UNEXPECTED_MESSAGE, toApiError } from "../api/errors.js";

export const ANSWERED = "ANSWERED";
const JSON_HEADERS = { "Content-Type": "application/json" };

/** A JSON call through the one helper; state-changing calls always carry a JSON body. */
export async function call(method, path, body) {
  const write = method !== "get";
  const requestJson = client["requestJson"]; // the shell's one JSON helper, when present
  if (requestJson) return requestJson(method.toUpperCase(), path, write ? (body ?? {}) : undefined);
  // Before the shell's helper exists: the same rules with fetch.
  let response;
  try {
    response = await fetch(path, {
      method: method.toUpperCase(),
      credentials: "same-origin",
      headers: write ? { Accept: "application/json", ...JSON_HEADERS } : { Accept: "application/json" },
      body: write ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch (error) {
    throw toApiError(error);
  }
  let data = null;
  try {
    data = await response.json();
  } catch { /* not JSON */ }
  if (!response.ok || data === null) {
    throw new ApiError(data?.message || UNEXPECTED_MESSAGE, response.status, data);
  }
  return data;
}

export const api = {
  profile: () => call("get", "/api/profile"),
  putAnswers: (answers) => call("put", "/api/answer", answers),
  postWebStatus: (web_status) => call("post", "/api/web-status", { web_status }),
  postValidations: (errors, page) => call("post", "/api/validations", { errors, page }),
  submit: () => call("post", "/api/submit"),
  putLastPage: (last_page) => call("put", "/api/last-page", { last_page }),
  getAddAnother: () => call("get", "/api/add-another"),
  putAddAnother: (button_id, num_components) => call("put", "/api/add-another", { button_id, num_components }),
  getTabs: () => call("get", "/api/tabs"),
  putTabs: (tab_id, chosen_tab) => call("put", "/api/tabs", { tab_id, chosen_tab }),
  documentAnswers: () => call("get", "/api/document-answer"),
  presign: (answer_key) => call("post", "/api/presigned-url", { answer_key }),
  startConversion: (key, file_key, file_name) =>
    call("post", `/api/pdf/document-answer/${encodeURIComponent(key)}`, { file_key, file_name }),
  conversionStatus: (key) => call("get", `/api/pdf/document-answer/${encodeURIComponent(key)}`),
  deleteConversion: (key) => call("delete", `/api/pdf/document-answer/${encodeURIComponent(key)}`),
  deleteDocumentAnswer: (key) => call("delete", `/api/document-answer/${encodeURIComponent(key)}`),
  applicationPdf: () => call("get", "/api/pdf"),
  serviceView: (token) => call("get", `/service/tmp-pdf?service_token=${encodeURIComponent(token)}`),
  tmpAnswers: (token) => call("get", `/public/tmp?token=${encodeURIComponent(token)}`),
  lookupFind: (category, text, maxResults = 5) =>
    call("get", `/lookup/find?text=${encodeURIComponent(text)}&category=${encodeURIComponent(category)}&max_results=${maxResults}`),
  lookupDetail: (category, id) =>
    call("get", `/lookup/find?id=${encodeURIComponent(id)}&category=${encodeURIComponent(category)}`),
};

/** Web status as the platform derives it: the number of distinct recognised statuses. */
export function deriveWebStatus(entries) {
  const known = ["started", "validating", "submitted"];
  const seen = new Set((entries || []).map((entry) => entry.web_status).filter((s) => known.includes(s)));
  return [null, "started", "validating", "submitted"][seen.size];
}

/** Upload a file to a presigned POST with progress; fields first, then the file (S3's order). */
export function uploadToPresigned({ url, fields }, file, onProgress, XHR = globalThis.XMLHttpRequest) {
  return new Promise((resolve, reject) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    data.append("file", file);
    const xhr = new XHR();
    xhr.open("POST", url);
    xhr.withCredentials = false;
    if (xhr.upload && onProgress) {
      xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = UNEXPECTED_MESSAGE;
      try {
        message = JSON.parse(xhr.responseText).message || message;
      } catch { /* not JSON: the standard message */ }
      reject(new ApiError(message, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(UNEXPECTED_MESSAGE, 0));
    xhr.send(data);
  });
}

let toastId = 0;

/** The store: plain state, replaced (never mutated) on each change. */
export function createFormApp(initial = {}) {
  let state = {
    loaded: false,
    answers: {},
    documents: {},
    addAnother: {},
    tabs: {},
    snapshot: { is_logged_in: false, is_service_user: false, web_status: null, username: "" },
    validationErrors: {},
    serverErrors: {},
    toasts: [],
    ...initial,
  };
  const listeners = new Set();
  const store = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(patch) {
      state = { ...state, ...(typeof patch === "function" ? patch(state) : patch) };
      for (const listener of listeners) listener();
    },
    patchAnswers(patch) {
      const keys = Object.keys(patch);
      if (!keys.some((key) => state.answers[key] !== patch[key])) return;
      const serverErrors = { ...state.serverErrors };
      for (const key of keys) delete serverErrors[key];
      store.set({ answers: { ...state.answers, ...patch }, serverErrors });
    },
    toast(severity, message) {
      const id = ++toastId;
      store.set((s) => ({ toasts: [...s.toasts, { id, severity, message }] }));
      // Toast duration 5000 ms; error toasts 300000 ms (platform section 9).
      setTimeout(() => store.dismissToast(id), severity === "error" ? 300000 : 5000);
      return id;
    },
    dismissToast(id) {
      store.set((s) => ({ toasts: s.toasts.filter((toast) => toast.id !== id) }));
    },
    api,
  };
  return store;
}

let current = null;

/** The store the form renders from; the shell may hand over its own. */
export function formApp() {
  if (!current) current = createFormApp();
  return current;
}

export function connectFormApp(store) {
  current = store;
}

/** Load what the form needs once: the profile (logged in or not), counts, tabs, documents. */
let loading = null;
export function loadFormApp(store = formApp(), { search = globalThis.location?.search ?? "" } = {}) {
  if (store.get().loaded) return Promise.resolve();
  if (loading) return loading;
  const params = new URLSearchParams(search);
  loading = (async () => {
    const serviceToken = params.get("service_token");
    if (serviceToken) {
      store.set({ snapshot: { ...store.get().snapshot, is_service_user: true } });
      return;
    }
    try {
      const profile = await api.profile();
      const [addAnother, tabs] = await Promise.all([api.getAddAnother(), api.getTabs()]);
      const webStatus = deriveWebStatus(profile.web_status);
      store.set({
        answers: { ...profile.answer, ...store.get().answers },
        documents: profile.document_answer || {},
        addAnother,
        tabs,
        snapshot: {
          ...store.get().snapshot,
          is_logged_in: true,
          username: profile.username,
          last_page: profile.last_page,
          num_logins: Math.max(1, (profile.successful_login || []).length),
          web_status: webStatus ?? "started",
        },
      });
      if (!webStatus) api.postWebStatus("started").catch(() => {});
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) store.toast("error", error.message);
      const token = params.get("token");
      if (token) {
        try {
          const draft = await api.tmpAnswers(token);
          store.set({ answers: { ...draft.answer, ...store.get().answers } });
        } catch (draftError) {
          store.toast("error", draftError.message);
        }
      }
    }
  })().finally(() => {
    store.set({ loaded: true });
    loading = null;
  });
  return loading;
}

/** Subscribe to a slice of the store; re-renders only when the selected value changes. */
export function useFormApp(select = (state) => state, store = formApp()) {
  return useSyncExternalStore(store.subscribe, () => select(store.get()), () => select(store.get()));
}

export function useAnswer(key, store = formApp()) {
  return useSyncExternalStore(store.subscribe, () => store.get().answers[key], () => store.get().answers[key]);
}

// --- The bridge the form renders from -------------------------------------------------------
// The shell's AppContext (answers, snapshot, saves, validations, toasts) when present; this
// module's store otherwise. Counts, tabs, documents and conversions live in this store either way.

/** Load add-another counts, tabs and document answers once, for a logged-in applicant. */
let extrasLoading = null;
export function loadExtras(store = formApp(), { isLoggedIn, serviceView } = {}) {
  const state = store.get();
  if (serviceView && !state.extrasLoaded) {
    store.set({
      extrasLoaded: true,
      addAnother: serviceView.add_another || {},
      tabs: serviceView.tabs || {},
      documents: serviceView.document_answer || {},
    });
    return Promise.resolve();
  }
  if (!isLoggedIn || state.extrasLoaded || extrasLoading) return extrasLoading || Promise.resolve();
  extrasLoading = Promise.all([api.getAddAnother(), api.getTabs(), api.documentAnswers()])
    .then(([addAnother, tabs, documents]) => store.set({ extrasLoaded: true, addAnother, tabs, documents }))
    .catch(() => store.set({ extrasLoaded: true }))
    .finally(() => (extrasLoading = null));
  return extrasLoading;
}

export function resetFormApp() {
  current = null;
  loading = null;
  extrasLoading = null;
}
