// The application root: error boundary, toasts, the "Unexpected Error" dialog, logout, the idle
// session and the two route groups (auth pages; form pages with /completion). Every page is loaded
// on demand.
import { t } from "../strings/strings.js";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Outlet, Route, Routes, useNavigate } from "react-router";
import * as api from "../api/client.js";
import { UnauthorizedError } from "../api/errors.js";
import { ErrorBoundary } from "./ErrorBoundary.jsx";
import { lazyPage } from "./lazyPage.js";
import { Loading } from "./Loading.jsx";
import { cached, clearSession, peekCached, refreshLoggedIn, useSnapshot } from "./sessionStore.js";
import { ServicesContext } from "./services.js";
import { createToastStore } from "./toastStore.js";
import { LanguageSwitch } from "./LanguageSwitch.jsx";
import { ToastViewport } from "./Toasts.jsx";
import { whenIdle } from "./whenIdle.js";

const LoginCard = lazyPage(() => import("../auth/LoginCard.jsx"));
const SignupCard = lazyPage(() => import("../auth/SignupCard.jsx"));
const ConfirmCard = lazyPage(() => import("../auth/ConfirmCard.jsx"));
const ForgotCard = lazyPage(() => import("../auth/ForgotCard.jsx"));
const ResetCard = lazyPage(() => import("../auth/ResetCard.jsx"));
const FormGroup = lazyPage(() => import("./FormGroup.jsx"));
// Only for logged-in users, and only on an error: kept out of the first paint of the auth pages.
const IdleManager = lazyPage(() => import("./IdleManager.jsx"), "IdleManager");
const Modal = lazyPage(() => import("./Modal.jsx"), "Modal");

export function Root() {
  return (
    <ErrorBoundary>
      <Shell />
    </ErrorBoundary>
  );
}

/**
 * The session's end: `loggingOut` is set while a logout (chosen or automatic) is under way and until
 * the next login (a request that was in flight when the session ended then answers 401, and that is
 * expected, not a session error); any other 401 clears the cached data and goes to /login.
 */
function useSessionEnd(navigate, isLoggedIn) {
  const loggingOut = useRef(false);
  useEffect(() => {
    if (isLoggedIn) loggingOut.current = false;
  }, [isLoggedIn]);

  // A 401 anywhere: cached data cleared, /login with the message.
  useEffect(() => {
    api.setUnauthorizedHandler(() => {
      if (loggingOut.current) return;
      clearSession({ is_logged_in: false });
      navigate("/login", {
        replace: true,
        state: { errorMessage: t("shell_session_invalid"), errorTitle: t("shell_session_error") },
      });
    });
    return () => api.setUnauthorizedHandler(null);
  }, [navigate]);
  return loggingOut;
}

/** The compiled form (tenant name, idle settings), once it is loaded. */
function useCompiledForm() {
  const [compiled, setCompiled] = useState(null);
  // After the first paint: the transport and the compiled form.
  useEffect(() => {
    whenIdle(() => {
      api.loadTransport().catch(() => {});
      cached("form", api.fetchCompiledForm).then(setCompiled, () => {});
    });
  }, []);
  // After every render on purpose: the form may enter the cache later (a view fetched it), and the
  // next render picks it up.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!compiled) peekCached("form")?.then(setCompiled, () => {});
  });
  return compiled;
}

/** Where a logout goes: /login with the caller's error, the session's end, or the server's message. */
function afterLogoutState({ errorMessage, errorTitle, unauthorized, message }) {
  if (errorMessage) return { errorMessage, errorTitle };
  if (unauthorized) return { errorMessage: t("shell_session_invalid"), errorTitle: t("shell_session_error") };
  return { successMessage: message, successTitle: t("shell_logged_out") };
}

function useLogout(navigate, loggingOut, setUnexpected) {
  return useCallback(
    async ({ errorMessage, errorTitle, deleted } = {}) => {
      let message = t("shell_logged_out_text");
      let failure = null;
      let unauthorized = false;
      loggingOut.current = true;
      try {
        // A deleted account's session ended with it on the server: nothing to log out of.
        if (!deleted) message = (await api.logout()).message || message;
      } catch (error) {
        if (error instanceof UnauthorizedError) unauthorized = true;
        else failure = error;
      }
      clearSession();
      refreshLoggedIn();
      const state = deleted
        ? { successMessage: deleted, successTitle: t("shell_delete_account_deleted") }
        : afterLogoutState({ errorMessage, errorTitle, unauthorized, message });
      navigate("/login", { replace: true, state });
      if (failure) {
        loggingOut.current = false; // the server may still hold the session: its 401s count again
        setUnexpected(failure);
      }
    },
    [navigate, loggingOut, setUnexpected],
  );
}

function Shell() {
  const navigate = useNavigate();
  const snapshot = useSnapshot();
  const [toastStore] = useState(createToastStore);
  const [unexpected, setUnexpected] = useState(null);
  const loggingOut = useSessionEnd(navigate, snapshot.is_logged_in);
  const compiled = useCompiledForm();
  const logout = useLogout(navigate, loggingOut, setUnexpected);

  const services = useMemo(
    () => ({
      toast: toastStore,
      showUnexpectedError: (error) => setUnexpected(error),
      logout,
      tenantName: compiled?.tenant?.name || "",
    }),
    [toastStore, logout, compiled],
  );

  return (
    <ServicesContext.Provider value={services}>
      <ShellRoutes compiled={compiled} />
      <Suspense fallback={null}>
        {snapshot.is_logged_in && !snapshot.is_service_user && (
          <IdleManager settings={compiled?.settings?.idle} onLogout={logout} />
        )}
        {unexpected && <UnexpectedError error={unexpected} onClose={() => setUnexpected(null)} />}
      </Suspense>
      <ToastViewport store={toastStore} />
    </ServicesContext.Provider>
  );
}

function ShellRoutes({ compiled }) {
  return (
    <Routes>
      <Route element={<AuthLayout compiled={compiled} />}>
        <Route path="/login" element={<LoginCard />} />
        <Route path="/signup" element={<SignupCard />} />
        <Route path="/confirm" element={<ConfirmCard />} />
        <Route path="/forgot" element={<ForgotCard />} />
        <Route path="/reset" element={<ResetCard />} />
      </Route>
      <Route
        path="*"
        element={
          <Suspense fallback={<Loading />}>
            <FormGroup />
          </Suspense>
        }
      />
    </Routes>
  );
}

function UnexpectedError({ error, onClose }) {
  return (
    <Modal
      open
      title={t("shell_unexpected_title")}
      size="small"
      role="alertdialog"
      onClose={onClose}
      actions={
        <button type="button" className="button button-primary" onClick={onClose}>
          {t("shell_close")}
        </button>
      }
    >
      <p>{error.message}</p>
    </Modal>
  );
}

function AuthLayout({ compiled }) {
  return (
    <div className="app app-auth">
      <header className="header">
        <div className="header-inner">
          <p className="tenant-name">{compiled?.tenant?.name || "\u00a0"}</p>
          <LanguageSwitch compiled={compiled} />
        </div>
      </header>
      <main id="main" className="main auth-main" tabIndex={-1}>
        <Suspense fallback={<div className="auth-card card auth-card-loading" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
