// Routing and navigation: the form's routes, goTo() (tidy the page, save, validate while validating,
// then move), saveAnswers() (the page's Continue) and the last page saved on each move.
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import * as api from "../../api/client.js";
import {
  defaultRouteOf,
  navDestination,
  normalisePath,
  restoresLastPage,
  routeKind,
  savesLastPage,
} from "../routing.js";
import { getSnapshot, OPENED_AT, updateSnapshot } from "../sessionStore.js";
import { t } from "../../strings/formStrings.js";

/** The toast when the answers could not be saved before a move or on Continue. */
const saveFailed = (toast) => toast.error(t("shell_save_error"), t("shell_save_error_text"));

/** last_page is saved on each navigation while started or validating. */
function useLastPage({ ready, loggedIn, pathname, formRoutes, snapshot }) {
  useEffect(() => {
    if (!ready || !loggedIn || routeKind(pathname, formRoutes) !== "form") return;
    const now = getSnapshot();
    if (!savesLastPage(now.web_status) || now.last_page === pathname) return;
    const snapshotNow = { ...now, is_logged_in: true };
    if (restoresLastPage({ pathname, snapshot: snapshotNow, formRoutes, openedAt: OPENED_AT })) return; // being restored
    updateSnapshot({ last_page: pathname });
    api.saveLastPage(pathname).catch(() => {});
  }, [ready, loggedIn, pathname, formRoutes, snapshot.web_status, snapshot.has_changed_page]);
}

/**
 * What the page being left does first (the form page drops its empty later entries): one hook at a
 * time, set by the page while it is shown; setLeaveHook(fn) returns the function that unsets it.
 */
function useLeaveHook() {
  const hook = useRef(null);
  const setLeaveHook = useCallback((fn) => {
    hook.current = fn;
    return () => {
      if (hook.current === fn) hook.current = null;
    };
  }, []);
  return { hook, setLeaveHook };
}

/** Tidy the page, save, validate (while validating), then move; a visitor with answers goes to /signup. */
function useGoTo({ pathname, formRoutes, answerStore, flush, runValidations, toast, leaveHook }) {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    async (route, { hash } = {}) => {
      const target = hash ? `${route}#${hash}` : route;
      const now = getSnapshot();
      if (now.is_service_user) return navigate(`${target}${location.search}`);
      if (!now.is_logged_in) {
        const destination = navDestination({ isLoggedIn: false, answers: answerStore.get(), target });
        navigate(destination.pathname, { state: destination.state });
        return true;
      }
      await leaveHook.current?.();
      const saved = await flush();
      if (!saved) {
        saveFailed(toast);
        return false;
      }
      if (now.web_status === "validating" && routeKind(pathname, formRoutes) === "form")
        await runValidations({ routes: [pathname] });
      if (!now.has_changed_page) updateSnapshot({ has_changed_page: true });
      navigate(target);
      return true;
    },
    [navigate, flush, toast, runValidations, pathname, formRoutes, location.search, answerStore, leaveHook],
  );
}

export function useNavigation(options) {
  const { compiled, ready, loggedIn, snapshot, answerStore, flush, updateAnswers, runValidations, toast } =
    options;
  const location = useLocation();
  const pathname = normalisePath(location.pathname);
  const formRoutes = useMemo(() => (compiled ? compiled.pages.map((p) => p.route) : []), [compiled]);
  const defaultRoute = compiled ? defaultRouteOf(compiled) : "/";
  const { hook: leaveHook, setLeaveHook } = useLeaveHook();
  const goTo = useGoTo({ pathname, formRoutes, answerStore, flush, runValidations, toast, leaveHook });

  // Save the page's answers now, then (with a targetRoute) move there.
  const saveAnswers = useCallback(
    async (partial = {}, { targetRoute } = {}) => {
      if (Object.keys(partial).length) updateAnswers(partial);
      if (targetRoute) return goTo(targetRoute);
      if (!getSnapshot().is_logged_in) return true;
      const saved = await flush();
      if (!saved) saveFailed(toast);
      return saved;
    },
    [updateAnswers, goTo, flush, toast],
  );

  useLastPage({ ready, loggedIn, pathname, formRoutes, snapshot });
  return { pathname, formRoutes, defaultRoute, goTo, saveAnswers, setLeaveHook };
}
