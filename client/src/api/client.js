// The one JSON helper and the applicant client's one table of endpoints: a typed call for every
// endpoint of the engine's API the applicant client calls (accounts, answers, add-another, tabs,
// validations, documents, the application PDF, lookups). Nothing else names an endpoint; the form's store (form/appBridge.js)
// hands these same functions to the widgets, and tests/api/test_client_endpoints.py checks that the
// engine serves every path and method named here.
//
// axios is the transport (transport.js), loaded on demand (its own chunk): the auth pages paint
// without it and it arrives before the first call (the shell prefetches it when the browser is idle).
import { errorForResponse, ServerError, toApiError, UnauthorizedError } from "./errors.js";
import { applyFormSettings } from "../strings/formSettings.js";
import { applyTexts, t } from "../strings/strings.js";

const settings = { baseURL: "/", timeout: 30000 };
let transport = null;
let onUnauthorized = () => {};

/** Where calls go (tests point it at a loopback server). */
export function configureApi({ baseURL }) {
  settings.baseURL = baseURL;
  transport = null;
}

/** Called once by the shell: what a 401 does (clear cached data, go to /login with the message). */
export function setUnauthorizedHandler(handler) {
  onUnauthorized = handler || (() => {});
}

/** Load axios now (idle prefetch); resolves to the configured instance. */
export function loadTransport() {
  if (!transport) {
    transport = import("./transport.js").then(({ createTransport }) =>
      createTransport({
        baseURL: settings.baseURL,
        timeout: settings.timeout,
        withCredentials: true,
        // We parse and check the body ourselves: the response must be JSON.
        responseType: "text",
        transformResponse: [(data) => data],
        validateStatus: () => true,
      }),
    );
    transport.catch(() => (transport = null));
  }
  return transport;
}

function parseJson(response) {
  const type = String(response.headers?.["content-type"] || "");
  if (!type.includes("application/json") || typeof response.data !== "string") return undefined;
  try {
    return JSON.parse(response.data);
  } catch {
    return undefined;
  }
}

/**
 * The one JSON helper. Sends a JSON content type and body when there is a payload; the response
 * must be JSON. 401 -> UnauthorizedError (after the unauthorized handler ran); other non-OK
 * statuses -> ServerError with the server's message; no JSON or no message -> the standard one.
 */
export async function requestJson(
  method,
  path,
  payload,
  { retries = 0, params, ownUnauthorized = false } = {},
) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendOnce(method, path, payload, params, ownUnauthorized);
    } catch (error) {
      if (attempt >= retries || error instanceof UnauthorizedError) throw error;
    }
  }
}

async function sendOnce(method, path, payload, params, ownUnauthorized) {
  const http = await loadTransport();
  const hasPayload = payload !== undefined;
  let response;
  try {
    response = await http.request({
      method,
      url: path.replace(/^\//, ""),
      params,
      headers: hasPayload
        ? { Accept: "application/json", "Content-Type": "application/json" }
        : { Accept: "application/json" },
      data: hasPayload ? JSON.stringify(payload) : undefined,
    });
  } catch (error) {
    throw toApiError(error); // no response at all: network, timeout
  }
  const body = parseJson(response);
  const ok = response.status >= 200 && response.status < 300;
  if (ok) {
    if (body === undefined) throw new ServerError(t("shell_unexpected"), response.status, null);
    return body;
  }
  const error = errorForResponse(response.status, body ?? null, response.headers?.["retry-after"]);
  if (error instanceof UnauthorizedError && !ownUnauthorized) onUnauthorized(error);
  throw error;
}

const get = (path, options) => requestJson("GET", path, undefined, options);
const post = (path, payload = {}, options) => requestJson("POST", path, payload, options);
const put = (path, payload, options) => requestJson("PUT", path, payload, options);
// The server asks every write, DELETE included, for a JSON content type: a DELETE carries {}.
const del = (path) => requestJson("DELETE", path, {});
const part = encodeURIComponent; // a path segment or a query value

// The compiled form (the engine's own: the definition the client renders)
export const fetchCompiledForm = () => get("/public/form").then(readIn);

/** The form read now: the widgets' words from its texts, its dates as its settings say (language, date_style, time_zone). */
function readIn(compiled) {
  applyTexts(compiled?.texts);
  applyFormSettings(compiled?.settings);
  return compiled;
}

// Accounts
export const signup = ({ username, password, studentAnswers }) =>
  post("/public/signup", studentAnswers ? { username, password, studentAnswers } : { username, password });
export const confirmAccount = ({ username, code }) => post("/public/confirm", { username, code });
export const resendConfirm = ({ username }) => post("/public/resend-confirm", { username });
export const login = ({ username, password, studentAnswers }) =>
  post("/public/login", studentAnswers ? { username, password, studentAnswers } : { username, password });
export const forgotPassword = ({ username }) => post("/public/forgot-password", { username });
export const resetPassword = ({ password, confirm_password, id, username }) =>
  post("/public/reset-password", { password, confirm_password, id, username });
export const logout = () => get("/api/logout");
export const deleteAccount = ({ password, confirm }) => post("/api/account/delete", { password, confirm });
/** The applicant's own copy of their data: the latest one's state, progress and link; asking needs the password. */
export const personalDataState = () => get("/api/account/data");
export const askPersonalData = ({ password }) => post("/api/account/data", { password });

// Application data
export const fetchProfile = () => get("/api/profile");
export const saveAnswersCall = (answers) => put("/api/answer", answers);
export const saveLastPage = (last_page) => put("/api/last-page", { last_page });
export const postWebStatus = (web_status) => post("/api/web-status", { web_status }, { retries: 2 });
export const postValidations = (errors, page) =>
  post("/api/validations", page ? { errors, page } : { errors });
export const submitApplicationCall = () => post("/api/submit");
export const fetchTemporaryAnswer = (token) => get("/public/tmp", { params: { token } });
// A 401 here is about the link, not a session: the caller shows the link's problem, never the login.
// The print view, in the language the page asks for (?print_language=; none: the form's default).
export const fetchServiceView = (service_token) =>
  get("/service/tmp-pdf", {
    params: {
      service_token,
      language: new URLSearchParams(location.search).get("print_language"),
    },
    ownUnauthorized: true,
  });

/** The print view's form, when it sends one (another version, another language), read now. */
export const readServiceForm = (view) => view.form && readIn(view.form);

// Add-another counts and tabs (the form's store loads them; a save answers what the rules cleared)
export const fetchTabs = () => get("/api/tabs");
export const putTabs = (tab_id, chosen_tab) => put("/api/tabs", { tab_id, chosen_tab });
export const fetchAddAnother = () => get("/api/add-another");
export const putAddAnother = (button_id, num_components) =>
  put("/api/add-another", { button_id, num_components });

// Documents: an upload goes to a presigned POST, then its conversion to PDF runs on the server
export const documentAnswers = () => get("/api/document-answer");
export const presign = (answer_key) => post("/api/presigned-url", { answer_key });
export const startConversion = (answerKey, file_key, file_name) =>
  post(`/api/pdf/document-answer/${part(answerKey)}`, { file_key, file_name });
export const conversionStatus = (answerKey) => get(`/api/pdf/document-answer/${part(answerKey)}`);
export const deleteConversion = (answerKey) => del(`/api/pdf/document-answer/${part(answerKey)}`);
export const deleteDocumentAnswer = (answerKey) => del(`/api/document-answer/${part(answerKey)}`);
export const applicationPdf = () => get("/api/pdf");

// Lookups (the widgets fall back to the typed text when one fails)
export const lookupFind = (category, text, maxResults = 5) =>
  get(`/lookup/find?text=${part(text)}&category=${part(category)}&max_results=${maxResults}`);
export const lookupDetail = (category, id) => get(`/lookup/find?id=${part(id)}&category=${part(category)}`);
