// The routing rules (who may see which route, where a redirect goes), as pure functions the shell calls (and the tests check).
export const AUTH_ROUTES = ["/login", "/signup", "/confirm", "/forgot", "/reset"];
export const COMPLETION_ROUTE = "/completion";
export const WEB_STATUSES = ["started", "validating", "submitted"];
export const IDP_COOKIE_PREFIX = "formengine-idp";

export const normalisePath = (pathname) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

/** "auth" | "completion" | "form" | "unknown" */
export function routeKind(pathname, formRoutes) {
  const path = normalisePath(pathname);
  if (AUTH_ROUTES.includes(path)) return "auth";
  if (path === COMPLETION_ROUTE) return "completion";
  if (formRoutes.includes(path)) return "form";
  return "unknown";
}

/** Any unknown path goes to the default form route, keeping the query string. */
export function unknownPathTarget(location, defaultRoute) {
  return { pathname: defaultRoute, search: location.search || "", hash: "" };
}

/** The default form route: the tenant's when it is one of its pages, else the first page. */
export function defaultRouteOf(compiled) {
  const routes = compiled.pages.map((page) => page.route);
  const declared = compiled.tenant?.default_route;
  return routes.includes(declared) ? declared : routes[0];
}

/** The page the browser opened at (a typed or bookmarked address) is this form page. */
export const openedHere = (pathname, openedAt, formRoutes) =>
  Boolean(openedAt) && normalisePath(pathname) === openedAt && formRoutes.includes(openedAt);

/** On load, the saved last_page replaces the page shown: the user has not moved yet, and did not ask for this page. */
export function restoresLastPage({ pathname, snapshot, formRoutes, openedAt }) {
  const last = snapshot.last_page;
  return Boolean(
    snapshot.is_logged_in &&
    !snapshot.has_changed_page &&
    last &&
    formRoutes.includes(last) &&
    !openedHere(pathname, openedAt, formRoutes),
  );
}

/**
 * Where the shell must send the user now, or null to stay:
 * submitted -> /completion; /completion before submission -> default route; on load, the saved
 * last_page while the user has not changed page yet, unless the address opened asked for this
 * page (`openedAt`: the path the browser first loaded).
 */
export function requiredRedirect({ pathname, snapshot, formRoutes, defaultRoute, openedAt = null }) {
  const path = normalisePath(pathname);
  const status = snapshot.web_status;
  if (snapshot.is_service_user) return null;
  if (status === "submitted") return path === COMPLETION_ROUTE ? null : COMPLETION_ROUTE;
  if (path === COMPLETION_ROUTE) return defaultRoute;
  if (snapshot.last_page !== path && restoresLastPage({ pathname: path, snapshot, formRoutes, openedAt }))
    return snapshot.last_page;
  return null;
}

/** last_page is saved on each navigation while the status is started or validating. */
export const savesLastPage = (status) => status === "started" || status === "validating";

/** The web status from the profile's entries: the number of distinct recognised statuses. */
export function deriveWebStatus(entries) {
  const seen = new Set((entries || []).map((e) => e?.web_status).filter((s) => WEB_STATUSES.includes(s)));
  return [null, "started", "validating", "submitted"][Math.min(seen.size, 3)];
}

/** Logged in while a cookie whose name begins with the identity-provider prefix exists. */
export function hasIdentityCookie(cookieString, prefix = IDP_COOKIE_PREFIX) {
  return String(cookieString || "")
    .split(";")
    .some((part) => part.trim().startsWith(prefix));
}

export const hasAnyAnswer = (answers) =>
  Object.values(answers || {}).some(
    (v) => v !== "" && v !== null && v !== undefined && v !== false && !(Array.isArray(v) && !v.length),
  );

/** Where a nav item goes: /signup with the answers for a visitor who has answered anything. */
export function navDestination({ isLoggedIn, answers, target }) {
  if (!isLoggedIn && hasAnyAnswer(answers))
    return { pathname: "/signup", state: { studentAnswers: answers } };
  return { pathname: target, state: null };
}

/** The query parameters the form group's entry step reads. */
export function entryParameters(search) {
  const params = new URLSearchParams(search || "");
  // (The print view's service token is its own module's, print/serviceToken.js: it takes it out of the address.)
  return { token: params.get("token") }; // null when there is none
}
