// A form page: the page's store and runtime (the bridge the widgets call, form/pageBridge.js), its
// sections (form/SectionForm.jsx), its actions and review (form/PageActions.jsx) and its dialogs
// (form/PageModals.jsx). A large page's sections are drawn in parts (form/PageSections.jsx).
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { windowState } from "../shell/banners.js";
import { useAnswers, useApp } from "../shell/AppContext.jsx";
import { createRuntime } from "../widgets/runtime.js";
import { PrintView } from "../print/PrintView.jsx";
import { formApp, loadExtras, useFormApp } from "./appBridge.js";
import { createBridge } from "./pageBridge.js";
import { BusyNotice, ClearConfirm, useClearConfirm } from "./PageModals.jsx";
import { PageActions, PageReview, focusQuestion, usePageActions } from "./PageActions.jsx";
import { PdfDownload } from "./PdfDownload.jsx";
import { renderModel } from "./renderModel.js";
import { PageSections } from "./PageSections.jsx";
import { SectionForm } from "./SectionForm.jsx";
import "./form.css";

/** The errors shown on fields: {key: {__errors: [...]}} for RJSF, only for this page's keys. */
function errorSchemaFor(model, ...maps) {
  const schema = {};
  for (const map of maps) {
    for (const [key, messages] of Object.entries(map || {})) {
      if (!(key in model.layouts) || !messages?.length) continue;
      const bucket = (schema[key] ||= { __errors: [] });
      for (const message of messages) if (!bucket.__errors.includes(message)) bucket.__errors.push(message);
    }
  }
  return schema;
}

/**
 * One form page (the shell's seam: props {page, compiled}, everything else from its AppContext):
 * the compiled page rendered by RJSF with the theme; the staff print view for service users.
 */
export function FormPage({ page, compiled: compiledProp }) {
  const app = useApp();
  const compiled = compiledProp ?? app.compiled;
  if (app.snapshot?.is_service_user) return <PrintView compiled={compiled} serviceView={app.serviceView} />;
  const compiledPage =
    compiled.pages.find((candidate) => candidate.route === page.route) ?? compiled.pages[0];
  return <PageForm key={compiledPage.route} app={app} compiled={compiled} page={compiledPage} />;
}

/** The page's title, its extras (documents, counts, tabs) and the shell's tab and count maps mirrored. */
function usePageSetup({ app, compiled, page, store, isLoggedIn, username }) {
  useEffect(() => {
    document.title = compiled.tenant?.name ? `${page.title} – ${compiled.tenant.name}` : page.title;
  }, [page.title, compiled.tenant?.name]);

  useEffect(() => {
    loadExtras(store, { isLoggedIn, username: username || "" });
  }, [store, isLoggedIn, username]);
  // The shell keeps the chosen tabs too (validation needs them): mirror its map.
  useEffect(() => {
    if (app.tabs) store.set((state) => ({ tabs: { ...state.tabs, ...app.tabs } }));
  }, [store, app.tabs]);
  useEffect(() => {
    if (app.addAnother) store.set((state) => ({ addAnother: { ...state.addAnother, ...app.addAnother } }));
  }, [store, app.addAnother]);
}

/**
 * One runtime per page: the stable formContext every widget reads, kept up to date on every
 * render; `latest` holds the newest {answers, app} (the bridge reads and moves it on).
 */
function usePageRuntime({ app, compiled, page, store, answers }) {
  const runtime = useMemo(() => createRuntime(), []);
  const latest = useRef({ answers, app });
  latest.current = { answers, app };
  runtime.compiled = compiled;
  runtime.page = page;
  runtime.formStore = store;
  runtime.answers = answers; // the sections rendered below read the new map at once
  useLayoutEffect(() => runtime.publish(answers), [runtime, answers]);
  return { runtime, latest };
}

/** A `#key` in the location (the validation summary's links) focuses that question. */
function useHashFocus() {
  const location = useLocation();
  useEffect(() => {
    const key = decodeURIComponent((location.hash || "").slice(1));
    if (!key) return;
    const timer = setTimeout(() => focusQuestion(key), 50);
    return () => clearTimeout(timer);
  }, [location.hash, location.key]);
}

/**
 * The errors on the page's fields: the validation map (only while validating), the server's 422 from
 * submit, and once Continue found problems here, this page's problems as they follow the answers;
 * `noted` while any of those is left (Continue's notice says the applicant may go on).
 */
function usePageErrors(model, app, serverErrors, found) {
  const validating = app.snapshot?.web_status === "validating";
  const checked = found && (app.problems ?? found);
  const errorSchema = useMemo(
    () => errorSchemaFor(model, validating ? app.errors : null, serverErrors, checked),
    [model, validating, app.errors, serverErrors, checked],
  );
  return { errorSchema, noted: Boolean(checked) && Object.keys(errorSchema).length > 0 };
}

function PageForm({ app, compiled, page }) {
  const store = formApp();
  const model = renderModel(page);
  const answers = useAnswers(); // the page follows every answer (the shell around it does not)
  const snapshot = app.snapshot || {};
  const isLoggedIn = Boolean(snapshot.is_logged_in);
  // Outside the application window the draft is read-only too; its PDF can still be downloaded.
  const closed = windowState(compiled.window, snapshot.window) !== "open";
  const readOnly = snapshot.web_status === "submitted" || closed;
  const serverErrors = useFormApp((state) => state.serverErrors);
  const [busyModal, setBusyModal] = useState(false);
  const { pendingClear, askBeforeClearing, closeClear } = useClearConfirm();
  usePageSetup({ app, compiled, page, store, isLoggedIn, username: snapshot.username });
  const { runtime, latest } = usePageRuntime({ app, compiled, page, store, answers });

  const toastError = (title, message) => app.toast.error(title, message);
  const showBusy = () => setBusyModal(true);
  const context = { app, compiled, page, store, runtime, latest, isLoggedIn, readOnly, toastError };
  runtime.bridge = createBridge({ ...context, model, askBeforeClearing, showBusy });

  const actions = usePageActions(context);
  const { errorSchema, noted } = usePageErrors(model, app, serverErrors, actions.problems);
  useHashFocus();

  if (actions.reviewing)
    return <PageReview compiled={compiled} store={store} latest={latest} actions={actions} />;
  return (
    <section aria-labelledby="page-title" className="form-page">
      <h1 id="page-title">{page.title}</h1>
      <PageSections
        sections={page.sections}
        answers={answers}
        renderSection={(section) => (
          <SectionForm
            key={section.id}
            page={page}
            section={section}
            runtime={runtime}
            answers={answers}
            errors={errorSchema}
            readOnly={readOnly}
            loggedIn={isLoggedIn}
          />
        )}
      />
      {!readOnly && <PageActions {...{ actions, isLoggedIn, toastError }} problems={noted} />}
      {closed && isLoggedIn && snapshot.web_status !== "submitted" && (
        <div className="page-actions">
          <PdfDownload toastError={toastError} />
        </div>
      )}
      {pendingClear && <ClearConfirm pendingClear={pendingClear} closeClear={closeClear} />}
      {busyModal && <BusyNotice onClose={() => setBusyModal(false)} />}
    </section>
  );
}
