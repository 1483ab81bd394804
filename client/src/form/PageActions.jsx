// The page's actions: Continue (drop the empty later entries, save the page, move on) or, on the
// last page, Submit (with the review of the answers before they are sent), and the PDF download.
import { useEffect, useRef, useState } from "react";
import { t } from "../strings/formStrings.js";
import { PdfDownload } from "./PdfDownload.jsx";
import { Review } from "./Review.jsx";
import { isAnswered } from "../widgets/readout.jsx";
import { keyedLayouts } from "./renderModel.js";
import { drawWholePage } from "./PageSections.jsx";

/** Focus the question whose wrapper has the answer key as id (its first control). */
export function focusQuestion(key) {
  if (!document.getElementById(key)) drawWholePage(); // a large page may not have drawn it yet
  const wrapper = document.getElementById(key);
  if (!wrapper) return false;
  const control = wrapper.matches("input, select, textarea, button")
    ? wrapper
    : wrapper.querySelector("input:not([type=hidden]), select, textarea, button, [tabindex]");
  (control || wrapper).focus();
  wrapper.scrollIntoView?.({ block: "center" });
  return true;
}

/** This page's answers (its files aside: those are saved as documents). */
function pageAnswers({ compiled, page, latest }) {
  const keys = Object.keys(page.schema.properties || {}).filter(
    (key) => compiled.data_model?.[key]?.field !== "file",
  );
  const out = {};
  for (const key of keys)
    if (latest.current.answers[key] !== undefined) out[key] = latest.current.answers[key];
  return out;
}

/**
 * A later add-another entry the applicant left wholly empty (no answer, no document) is not kept:
 * on Continue it is removed as Remove would (the later entries move up, the count is saved), so
 * the draft holds only entries that were started. Not at every save: the autosave runs while an
 * entry just added waits, empty, for its first answer. Leaving the page any other way (the
 * navigation, the summary's links, the review's Change) does the same first: the page sets it as
 * the shell's leave hook.
 */
async function dropEmptyEntries({ page, store, runtime, latest, isLoggedIn, readOnly }) {
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
}

/**
 * The actions' state and handlers. `context`: {app, compiled, page, store, runtime, latest,
 * isLoggedIn, readOnly, toastError}.
 */
export function usePageActions(context) {
  const { app, compiled, page, store, toastError } = context;
  const pageIndex = compiled.pages.findIndex((candidate) => candidate.route === page.route);
  const next = compiled.pages[pageIndex + 1];
  const [submitting, setSubmitting] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const submitButton = useRef(null);
  const latestContext = useRef(context);
  latestContext.current = context;
  const setLeaveHook = app.setLeaveHook;
  useEffect(() => setLeaveHook?.(() => dropEmptyEntries(latestContext.current)), [setLeaveHook]);
  // Continue checks the page it leaves: its problems are shown once (the answers saved), and
  // Continue again goes on with them.
  const [problems, setProblems] = useState(null);
  const onContinue = async () => {
    await dropEmptyEntries(context);
    if (!problems && app.snapshot?.web_status !== "validating") {
      const found = await app.runValidations({ routes: [page.route] });
      if (Object.keys(found).length) {
        setProblems(found);
        setTimeout(() => focusQuestion(Object.keys(found)[0]), 50); // its message is read with it
        return app.saveAnswers(pageAnswers(context));
      }
    }
    return app.saveAnswers(pageAnswers(context), { targetRoute: next.route });
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
  const backFromReview = () => {
    setReviewing(false);
    setTimeout(() => submitButton.current?.focus(), 0);
  };
  return {
    next,
    submitting,
    reviewing,
    submitButton,
    onContinue,
    submit,
    leaveReview,
    backFromReview,
    problems,
  };
}

/** The answers as they will be sent, with a way back to each question and the final confirm. */
export function PageReview({ compiled, store, latest, actions }) {
  const { tabs, addAnother, documents } = store.get();
  return (
    <Review
      compiled={compiled}
      answers={latest.current.answers}
      tabs={tabs}
      addAnother={addAnother}
      documents={documents}
      onChange={actions.leaveReview}
      onBack={actions.backFromReview}
      onConfirm={() => actions.submit(true)}
    />
  );
}

export function PageActions({ actions, isLoggedIn, toastError, problems }) {
  const { next, submitting, submitButton, onContinue, submit } = actions;
  return (
    <div className="page-actions">
      {problems && (
        <p className="banner page-problems" role="alert">
          <strong>{t("form_page_problems_title")}</strong> {t("form_page_problems_text")}
        </p>
      )}
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
  );
}
