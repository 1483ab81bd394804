import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import Form from "@rjsf/core";
import { useAnswers, useApp } from "../shell/AppContext.jsx";
import { passThroughValidator, theme } from "../widgets/theme.js";
import { createRuntime } from "../widgets/runtime.js";
import { t } from "../widgets/formStrings.js";
import { Modal } from "../widgets/Modal.jsx";
import { PrintView } from "../print/PrintView.jsx";
import { PdfDownload } from "./PdfDownload.jsx";
import { Review } from "./Review.jsx";
import { SectionRenderContext } from "./PageLayout.jsx";
import { ANSWERED, api, formApp, loadExtras, useFormApp } from "./appBridge.js";
import { settle } from "./visibility.js";
import { wouldClear } from "./clearing.js";
import {
  conditionsFor,
  keyedLayouts,
  ownedKeys,
  renderModel,
  sameSignature,
  sectionModel,
  sectionSignature,
} from "./renderModel.js";
import { uploadBusy } from "../widgets/fileUpload.js";
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

function PageForm({ app, compiled, page }) {
  const location = useLocation();
  const store = formApp();
  const model = renderModel(page);
  const answers = useAnswers(); // the page follows every answer (the shell around it does not)
  const snapshot = app.snapshot || {};
  const isLoggedIn = Boolean(snapshot.is_logged_in);
  const readOnly = snapshot.web_status === "submitted";
  const serverErrors = useFormApp((state) => state.serverErrors);
  const [busyModal, setBusyModal] = useState(false);
  // A change that would clear answers waits here for the applicant's yes: {items, proceed}.
  const [pendingClear, setPendingClear] = useState(null);

  useEffect(() => {
    document.title = compiled.tenant?.name ? `${page.title} – ${compiled.tenant.name}` : page.title;
  }, [page.title, compiled.tenant?.name]);

  useEffect(() => {
    loadExtras(store, { isLoggedIn, username: snapshot.username || "" });
  }, [store, isLoggedIn, snapshot.username]);
  // The shell keeps the chosen tabs too (validation needs them): mirror its map.
  useEffect(() => {
    if (app.tabs) store.set((state) => ({ tabs: { ...state.tabs, ...app.tabs } }));
  }, [store, app.tabs]);
  useEffect(() => {
    if (app.addAnother) store.set((state) => ({ addAnother: { ...state.addAnother, ...app.addAnother } }));
  }, [store, app.addAnother]);

  // One runtime per page: the stable formContext every widget reads.
  const runtime = useMemo(() => createRuntime(), []);
  const latest = useRef({ answers, app });
  latest.current = { answers, app };
  runtime.compiled = compiled;
  runtime.page = page;
  runtime.formStore = store;
  runtime.answers = answers; // the sections rendered below read the new map at once
  useLayoutEffect(() => runtime.publish(answers), [runtime, answers]);

  const toastError = (title, message) => {
    if (app.toast?.error) app.toast.error(title, message);
    else app.toastError?.(title, message);
  };
  runtime.bridge = {
    isLoggedIn,
    readOnly,
    toastError,
    // A file question is answered exactly when its converted document exists (as on the server).
    onDocumentsChanged() {
      const documents = store.get().documents || {};
      const partial = {};
      for (const key of model.fileKeys) {
        const value = documents[key] ? ANSWERED : "";
        if ((latest.current.answers[key] ?? "") !== value) partial[key] = value;
      }
      if (Object.keys(partial).length) latest.current.app.updateAnswers(partial);
    },
    patch(partial) {
      const { tabs, addAnother, documents } = store.get();
      const clears = wouldClear(
        compiled,
        latest.current.answers,
        partial,
        { tabs, addAnother },
        { documents },
      );
      if (!clears.length) return runtime.bridge.apply(partial);
      return askBeforeClearing(clears).then((yes) => yes && runtime.bridge.apply(partial));
    },
    apply(partial) {
      const before = latest.current.answers;
      // The change plus what the form's hiding rules clear because of it: the same rules the
      // server applies to the save (form/visibility.js, engine/definition/visibility.py).
      const { tabs, addAnother } = store.get();
      const { changes } = settle(compiled, before, partial, { tabs, addAnother });
      latest.current.answers = { ...before, ...changes };
      // The inputs that show these answers hear of them in this same event (a typed character
      // re-renders its input, and the caret stays where it is), then the shell stores them.
      runtime.publish(latest.current.answers);
      latest.current.app.updateAnswers(changes);
    },
    /** After a tab choice or an add-another count: what the rules now hide goes, saved or not yet. */
    resettle() {
      const { tabs, addAnother } = store.get();
      const { changes } = settle(compiled, latest.current.answers, {}, { tabs, addAnother });
      if (!Object.keys(changes).length) return;
      latest.current.answers = { ...latest.current.answers, ...changes };
      runtime.publish(latest.current.answers);
      latest.current.app.updateAnswers(changes);
    },
    /** Mirror what the server reports it cleared (answers already gone there: nothing to save). */
    mirrorCleared(keys) {
      const clears = {};
      for (const key of keys || []) if ((latest.current.answers[key] ?? "") !== "") clears[key] = "";
      if (!Object.keys(clears).length) return;
      latest.current.answers = { ...latest.current.answers, ...clears };
      runtime.publish(latest.current.answers);
      latest.current.app.updateAnswers(clears);
    },
    async addAnother(buttonId, count) {
      try {
        const response = await api.putAddAnother(buttonId, count);
        store.set((state) => ({ addAnother: { ...state.addAnother, [buttonId]: count } }));
        latest.current.app.setAddAnother?.((counts) => ({ ...counts, [buttonId]: count }));
        runtime.bridge.resettle();
        runtime.bridge.mirrorCleared(response?.cleared);
        return true;
      } catch {
        toastError(t("error_add_another", { key: buttonId }));
        return false;
      }
    },
    /**
     * Remove entry `index` of the `shown` entries: the later entries move up one place and the
     * count goes down by one. An entry with answers is removed only once the applicant agrees.
     */
    async removeEntry(section, index, shown) {
      const answers = latest.current.answers;
      const entries = section.instances.slice(0, shown).map(entryKeys);
      const lost = section.instances[index].fields
        .flatMap(keyedLayouts)
        .filter((layout) => isAnswered(answers[layout.key]))
        .map((layout) => ({ key: layout.key, label: layout.label }));
      if (lost.length && !(await askBeforeClearing(lost))) return false;
      const changes = {};
      for (let entry = index; entry < shown; entry += 1) {
        entries[entry].forEach((key, position) => {
          const moved = entry + 1 < shown ? (answers[entries[entry + 1][position]] ?? "") : "";
          if ((answers[key] ?? "") !== moved) changes[key] = moved;
        });
      }
      if (Object.keys(changes).length) {
        latest.current.answers = { ...answers, ...changes };
        runtime.publish(latest.current.answers);
        latest.current.app.updateAnswers(changes);
      }
      return runtime.bridge.addAnother(section.add_another.id, shown - 1);
    },
    chooseTab(group, tab) {
      const state = store.get();
      const current = state.tabs?.[group.id] || group.default;
      const currentOption = group.options.find((option) => option.id === current);
      const fileKeys = (currentOption?.fields || [])
        .filter((f) => f.widget === "file_upload")
        .map((f) => f.key);
      if (uploadBusy(state, fileKeys)) {
        setBusyModal(true);
        return undefined;
      }
      const clears = wouldClear(
        compiled,
        latest.current.answers,
        {},
        { tabs: { ...state.tabs, [group.id]: tab.id }, addAnother: state.addAnother },
        { documents: state.documents, fileKeys },
      );
      if (!clears.length) return runtime.bridge.switchTab(group, tab);
      return askBeforeClearing(clears).then((yes) => yes && runtime.bridge.switchTab(group, tab));
    },
    async switchTab(group, tab) {
      const state = store.get();
      const current = state.tabs?.[group.id] || group.default;
      const currentOption = group.options.find((option) => option.id === current);
      const currentFiles = (currentOption?.fields || [])
        .filter((field) => field.widget === "file_upload")
        .map((f) => f.key);
      if (uploadBusy(state, currentFiles)) {
        setBusyModal(true);
        return;
      }
      try {
        for (const key of currentFiles) {
          if (state.documents?.[key]) {
            await api.deleteConversion(key);
            store.set((s) => {
              const next = { ...s.documents };
              delete next[key];
              return { documents: next };
            });
          }
        }
        const response = await api.putTabs(group.id, tab.id);
        store.set((s) => ({ tabs: { ...s.tabs, [group.id]: tab.id } }));
        latest.current.app.setTabs?.((tabs) => ({ ...tabs, [group.id]: tab.id }));
        runtime.bridge.resettle();
        runtime.bridge.mirrorCleared(response?.cleared);
      } catch {
        toastError(t("error_tabs", { key: group.default }));
        const [tabs, docs] = await Promise.all([
          api.getTabs().catch(() => null),
          api.documentAnswers().catch(() => null),
        ]);
        store.set((s) => ({ tabs: tabs ?? s.tabs, documents: docs ?? s.documents }));
      }
    },
  };

  /** Show what would be cleared; resolves true when the applicant agrees, false when they keep it. */
  function askBeforeClearing(items) {
    return new Promise((resolve) => setPendingClear({ items, resolve }));
  }
  const closeClear = (yes) => {
    pendingClear?.resolve(yes);
    setPendingClear(null);
  };

  // Errors: the validation map (only while validating) and the server's 422 from submit.
  const validating = snapshot.web_status === "validating";
  const errorSchema = useMemo(
    () => errorSchemaFor(model, validating ? app.errors : null, serverErrors),
    [model, validating, app.errors, serverErrors],
  );

  // A `#key` in the location (the validation summary's links) focuses that question.
  useEffect(() => {
    const key = decodeURIComponent((location.hash || "").slice(1));
    if (!key) return;
    const timer = setTimeout(() => focusQuestion(key), 50);
    return () => clearTimeout(timer);
  }, [location.hash, location.key]);

  const pageIndex = compiled.pages.findIndex((candidate) => candidate.route === page.route);
  const next = compiled.pages[pageIndex + 1];
  const pageAnswers = () => {
    const keys = Object.keys(page.schema.properties || {}).filter(
      (key) => compiled.data_model?.[key]?.field !== "file",
    );
    const out = {};
    for (const key of keys)
      if (latest.current.answers[key] !== undefined) out[key] = latest.current.answers[key];
    return out;
  };
  const [submitting, setSubmitting] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const submitButton = useRef(null);
  /**
   * A later add-another entry the applicant left wholly empty (no answer, no document) is not kept:
   * on Continue it is removed as Remove would (the later entries move up, the count is saved), so
   * the draft holds only entries that were started. Not at every save: the autosave runs while an
   * entry just added waits, empty, for its first answer.
   */
  const dropEmptyEntries = async () => {
    if (!isLoggedIn || readOnly) return;
    for (const section of page.sections) {
      if (!section.instances) continue;
      const id = section.add_another.id;
      let shown = Math.max(1, Math.min(store.get().addAnother?.[id] ?? 1, section.instances.length));
      for (let index = shown - 1; index >= 1; index -= 1) {
        const documents = store.get().documents || {};
        const started = section.instances[index].fields
          .flatMap(keyedLayouts)
          .some((layout) => isAnswered(latest.current.answers[layout.key]) || Boolean(documents[layout.key]));
        if (started) continue;
        if (!(await runtime.bridge.removeEntry(section, index, shown))) break;
        shown -= 1;
      }
    }
  };
  const onContinue = async () => {
    await dropEmptyEntries();
    return app.saveAnswers(pageAnswers(), { targetRoute: next.route });
  };
  const submit = async (confirmed) => {
    setSubmitting(true);
    store.set({ serverErrors: {} });
    try {
      const outcome = await app.submitApplication({ documents: store.get().documents, confirmed });
      setReviewing(outcome === "review");
    } catch (error) {
      setReviewing(false);
      if (error?.body?.errors) store.set({ serverErrors: error.body.errors });
      else toastError(error?.message);
    } finally {
      setSubmitting(false);
    }
  };
  const leaveReview = (route, key) => {
    setReviewing(false);
    if (route === page.route) setTimeout(() => focusQuestion(key), 50);
    else app.navigate?.(route, { hash: key });
  };

  if (reviewing) {
    const { tabs, addAnother, documents } = store.get();
    return (
      <Review
        compiled={compiled}
        answers={latest.current.answers}
        tabs={tabs}
        addAnother={addAnother}
        documents={documents}
        onChange={leaveReview}
        onBack={() => {
          setReviewing(false);
          setTimeout(() => submitButton.current?.focus(), 0);
        }}
        onConfirm={() => submit(true)}
      />
    );
  }

  return (
    <section aria-labelledby="page-title" className="form-page">
      <h1 id="page-title">{page.title}</h1>
      <div className="page-sections">
        {page.sections.map((section) => (
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
        ))}
      </div>
      {!readOnly && (
        <div className="page-actions">
          {next ? (
            <button type="button" className="button button-primary" onClick={onContinue}>
              {t("form_continue")}
            </button>
          ) : (
            <button
              ref={submitButton}
              type="button"
              className="button button-primary"
              disabled={submitting}
              aria-busy={submitting || undefined}
              onClick={() => submit(false)}
            >
              {t("form_submit")}
            </button>
          )}
          {isLoggedIn && <PdfDownload toastError={toastError} />}
        </div>
      )}
      {pendingClear && (
        <Modal
          title={t("clear_title")}
          onClose={() => closeClear(false)}
          actions={
            <>
              <button type="button" className="button" onClick={() => closeClear(false)}>
                {t("clear_cancel")}
              </button>
              <button type="button" className="button button-danger" onClick={() => closeClear(true)}>
                {t("clear_confirm")}
              </button>
            </>
          }
        >
          <p>{t("clear_text")}</p>
          <ul className="clear-list">
            {pendingClear.items.map((item) => (
              <li key={item.key}>{item.label}</li>
            ))}
          </ul>
        </Modal>
      )}
      {busyModal && (
        <Modal
          title={t("file_in_progress_title")}
          onClose={() => setBusyModal(false)}
          actions={
            <button type="button" className="button" onClick={() => setBusyModal(false)}>
              {t("form_ok")}
            </button>
          }
        >
          <p>{t("file_in_progress_text")}</p>
        </Modal>
      )}
    </section>
  );
}

/**
 * One section as its own RJSF form with the theme. It re-renders only when what it shows changes:
 * its answers, the results of its conditions, its errors (see sectionSignature).
 */
function SectionForm({ page, section, runtime, answers, errors, readOnly, loggedIn }) {
  const model = sectionModel(page, section);
  const holds = conditionsFor(answers);
  if (section.visible_when && !holds(section.visible_when)) return null;
  const signature = sectionSignature(model, answers, holds);
  const sectionErrors = {};
  for (const key of model.keys) if (errors[key]) sectionErrors[key] = errors[key];
  return (
    <SectionFormBody
      page={page}
      section={section}
      runtime={runtime}
      model={model}
      signature={signature}
      errors={sectionErrors}
      readOnly={readOnly}
      loggedIn={loggedIn}
    />
  );
}

const SectionFormBody = memo(
  function SectionFormBody({ section, runtime, model, signature, errors, readOnly }) {
    const context = useMemo(() => Object.assign(Object.create(runtime), { section }), [runtime, section]);
    const formData = {};
    for (const key of Object.keys(model.schema.properties)) {
      const value = runtime.answers[key];
      if (value !== undefined) formData[key] = value;
    }
    return (
      <SectionRenderContext.Provider value={signature}>
        <Form
          schema={model.schema}
          uiSchema={model.uiSchema}
          formData={formData}
          formContext={context}
          validator={passThroughValidator}
          widgets={theme.widgets}
          fields={theme.fields}
          templates={theme.templates}
          extraErrors={errors}
          tagName="div"
          noHtml5Validate
          showErrorList={false}
          readonly={readOnly}
          experimental_defaultFormStateBehavior={{ emptyObjectFields: "skipDefaults" }}
        >
          <></>
        </Form>
      </SectionRenderContext.Provider>
    );
  },
  (prev, next) =>
    prev.section === next.section &&
    prev.readOnly === next.readOnly &&
    prev.loggedIn === next.loggedIn &&
    sameSignature(prev.signature, next.signature) &&
    sameErrors(prev.errors, next.errors),
);

function sameErrors(a, b) {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] && a[key].__errors.join("\n") === b[key].__errors.join("\n"));
}

const isAnswered = (value) => value !== undefined && value !== null && value !== "" && value !== false;

/** Every answer key of one add-another entry, in layout order (the same order in every entry). */
function entryKeys(instance) {
  return instance.fields.flatMap(keyedLayouts).flatMap(ownedKeys);
}

/** Focus the question whose wrapper has the answer key as id (its first control). */
export function focusQuestion(key) {
  const wrapper = document.getElementById(key);
  if (!wrapper) return false;
  const control = wrapper.matches("input, select, textarea, button")
    ? wrapper
    : wrapper.querySelector("input:not([type=hidden]), select, textarea, button, [tabindex]");
  (control || wrapper).focus();
  wrapper.scrollIntoView?.({ block: "center" });
  return true;
}
