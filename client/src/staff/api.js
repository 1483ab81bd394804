// The staff page's calls: same-origin JSON with the HttpOnly staff cookie; nothing else is stored.
import { staffFetch } from "../api/staff.js";

export const UNEXPECTED = "We've encountered an unexpected error at this time. Please try again later.";

export class StaffApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body) {
  let response;
  try {
    response = await staffFetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new StaffApiError(UNEXPECTED, 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    /* not JSON: the standard message */
  }
  if (!response.ok) throw new StaffApiError(data?.message || UNEXPECTED, response.status);
  return data;
}

export const signIn = ({ email, password, code }) =>
  call("POST", "/staff/api/session", { email, password, code });
export const currentSession = () => call("GET", "/staff/api/session");
export const signOut = () => call("DELETE", "/staff/api/session", {});
export const signInOptions = () => call("GET", "/staff/api/sign-in-options");
export const OIDC_LOGIN = "/staff/oidc/login";
export const pdfStatus = (id) => call("GET", `/staff/api/applications/${id}/pdf`);

/** One page of applications for {q, answers, status, version, from, to, page} (empty filters left out). */
export function listApplications({
  q = "",
  answers = "",
  status = "all",
  version = "",
  from = "",
  to = "",
  language = "",
  page = 1,
}) {
  const fields = {
    q,
    answers,
    status,
    version,
    submitted_from: from,
    submitted_to: to,
    language,
    page: String(page),
  };
  const query = new URLSearchParams(Object.entries(fields).filter(([key, value]) => value || key === "q"));
  return call("GET", `/staff/api/applications?${query}`);
}

export const deliveries = (id) => call("GET", `/staff/api/applications/${id}/deliveries`);
export const retryDeliveries = (id) => call("POST", `/staff/api/applications/${id}/deliveries`, {});

export const printViewUrl = (id) => `/staff/applications/${id}/print`;

/** Start an export ({format, status, labels}): a worker writes it; poll `exportState(id)` for its progress and link. */
export const startExport = ({ format, status, labels = false }) =>
  call("POST", "/staff/api/exports", { format, status, labels });
export const exportState = (id) => call("GET", `/staff/api/exports/${id}`);

/** The audit trail, newest first, for {reference, staff}. */
export function auditEntries({ reference = "", staff = "" } = {}) {
  const query = new URLSearchParams({ reference, staff, limit: "100" });
  return call("GET", `/staff/api/audit?${query}`);
}

export const staffMembers = () => call("GET", "/staff/api/members");
/** Erase an applicant named by reference or address ({whom, confirm}); the answer reports each store. */
export const erase = ({ whom, confirm }) => call("POST", "/staff/api/erasures", { whom, confirm });
export const updateMember = (id, change) => call("PUT", `/staff/api/members/${id}`, change);
