// The form route group: its entry step loads the compiled form and the student's data, then each
// form page route renders <FormPage page compiled /> inside the shell with the AppContext.
import { t } from "../strings/formStrings.js";
import { Suspense, useMemo } from "react";
import { Navigate, useLocation } from "react-router";
import { LinkProblem } from "../print/LinkProblem.jsx";
import { AppContext } from "./AppContext.jsx";
import { Completion } from "./Completion.jsx";
import { Layout } from "./Layout.jsx";
import { lazyPage } from "./lazyPage.js";
import { LoadError, Loading } from "./Loading.jsx";
import { requiredRedirect, routeKind, unknownPathTarget } from "./routing.js";
import { OPENED_AT } from "./sessionStore.js";
import { useServices } from "./services.js";
import { themeVariables } from "./theme.js";
import { useApplication } from "./useApplication.js";

const FormPage = lazyPage(() => import("../form/FormPage.jsx"), "FormPage");

/** The AppContext value (documented in AppContext.jsx): false until the entry is ready. */
function useAppContext(app, services) {
  const { entry, compiled, snapshot } = app;
  return useMemo(
    () =>
      app.ready && {
        compiled,
        snapshot,
        profile: entry.profile,
        serviceView: entry.serviceView,
        answerStore: app.answerStore,
        get answers() {
          return app.answerStore.get();
        },
        updateAnswers: app.updateAnswers,
        saveAnswers: app.saveAnswers,
        errors: app.errors,
        problems: app.problems,
        runValidations: app.runValidations,
        submitApplication: app.submitApplication,
        tabs: app.tabs,
        setTabs: app.setTabs,
        addAnother: app.addAnother,
        setAddAnother: app.setAddAnother,
        toast: services.toast,
        showUnexpectedError: services.showUnexpectedError,
        navigate: app.goTo,
        setLeaveHook: app.setLeaveHook,
      },
    [
      app.ready,
      compiled,
      snapshot,
      entry,
      app.answerStore,
      app.updateAnswers,
      app.saveAnswers,
      app.errors,
      app.problems,
      app.runValidations,
      app.submitApplication,
      app.tabs,
      app.setTabs,
      app.addAnother,
      app.setAddAnother,
      services,
      app.goTo,
      app.setLeaveHook,
    ],
  );
}

export default function FormGroup() {
  const app = useApplication();
  const services = useServices();
  const location = useLocation();
  const { entry, compiled, snapshot, pathname } = app;
  const context = useAppContext(app, services);

  if (entry.status === "loading") return <Loading />;
  if (entry.status === "error") {
    if (entry.error.serviceLink) return <LinkProblem />;
    if (entry.error.formLoad) return <LoadError message={entry.error.message} onRetry={app.retry} />;
    throw entry.error; // to the error boundary: "Something went wrong."
  }

  const kind = routeKind(pathname, app.formRoutes);
  if (kind === "unknown" || kind === "auth")
    return <Navigate to={unknownPathTarget(location, app.defaultRoute)} replace />;
  const redirect = requiredRedirect({
    pathname,
    snapshot,
    formRoutes: app.formRoutes,
    defaultRoute: app.defaultRoute,
    openedAt: OPENED_AT,
  });
  if (redirect) {
    const state =
      redirect === "/completion" && app.justSubmitted.current
        ? { successMessage: t("submitted_message") }
        : undefined;
    return <Navigate to={{ pathname: redirect, search: location.search }} state={state} replace />;
  }
  if (kind === "completion") app.justSubmitted.current = false;

  const onLogout = services.logout;
  const theme = themeVariables(compiled.settings?.theme);
  let body;
  if (kind === "completion") {
    body = <Completion app={app} onLogout={onLogout} />;
  } else {
    const page = compiled.pages.find((p) => p.route === pathname);
    body = (
      <Layout app={app} onLogout={onLogout}>
        <Suspense fallback={<Loading label={t("shell_loading_page")} />}>
          <FormPage key={page.route} page={page} compiled={compiled} />
        </Suspense>
      </Layout>
    );
  }
  return (
    <AppContext.Provider value={context}>
      <div className="theme" style={theme}>
        {body}
      </div>
    </AppContext.Provider>
  );
}
