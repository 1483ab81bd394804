// Profile loading: the entry step (the compiled form, then the profile, the service view or the
// visitor's own and draft answers), run again whenever the login state changes or on retry.
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import * as api from "../../api/client.js";
import { UnauthorizedError } from "../../api/errors.js";
import { takeServiceToken } from "../../print/serviceToken.js";
import { createAnswerStore, loadPending, loadVisitorAnswers, saveVisitorAnswers } from "../answerStore.js";
import { deriveWebStatus, entryParameters } from "../routing.js";
import { cached, getSnapshot, updateSnapshot } from "../sessionStore.js";

/** A load error shown as a message with a retry, not the crash screen. */
function markFormLoad(error) {
  error.formLoad = true;
  throw error;
}

async function serviceEntry(compiled, serviceToken) {
  // A switch of language reloads the page: one language per page, one cached view.
  const view = await cached(`service:${serviceToken}`, () => api.fetchServiceView(serviceToken)).catch(
    (error) => {
      if (!(error instanceof UnauthorizedError)) markFormLoad(error);
      // A bad, expired or revoked print-view link: its own page, never the applicant's sign-in.
      throw Object.assign(new Error(error.message), { serviceLink: true });
    },
  );
  updateSnapshot({ is_service_user: true });
  const { answer, tabs, add_another: addAnother } = view;
  return {
    // A submitted application renders the form it was submitted on, in the language read.
    compiled: api.readServiceForm(view) || compiled,
    answers: answer || {},
    serviceView: view,
    profile: null,
    tabs: tabs || {},
    addAnother,
  };
}

async function profileEntry(compiled) {
  const [profile, tabs, addAnother] = await Promise.all([
    cached("profile", api.fetchProfile),
    cached("tabs", api.fetchTabs),
    cached("add-another", api.fetchAddAnother),
  ]);
  const web_status = deriveWebStatus(profile.web_status);
  updateSnapshot({
    username: profile.username,
    last_page: profile.last_page || null,
    web_status,
    num_logins: Math.max(1, profile.successful_login?.length || 1),
    reference: profile.reference ?? null,
    submitted_at: profile.submitted_at ?? null,
    window: profile.window ?? null,
  });
  const answers = { ...(profile.answer || {}), ...loadPending(profile.username) };
  return { compiled, answers, profile, serviceView: null, tabs: tabs || {}, addAnother: addAnother || {} };
}

async function visitorEntry(compiled, token) {
  let answers = loadVisitorAnswers();
  let draftError = null;
  if (token) {
    try {
      const draft = await cached(`tmp:${token}`, () => api.fetchTemporaryAnswer(token));
      answers = { ...answers, ...(draft.answer || {}) };
      saveVisitorAnswers(answers);
    } catch (error) {
      draftError = error; // an expired link: the form still opens, with the message
    }
  }
  return { compiled, answers, profile: null, serviceView: null, tabs: {}, addAnother: {}, draftError };
}

async function entryStep(search) {
  const compiled = await cached("form", api.fetchCompiledForm).catch(markFormLoad);
  const { token } = entryParameters(search);
  const serviceToken = takeServiceToken(); // the print view's: out of the address once read
  if (serviceToken) return serviceEntry(compiled, serviceToken);
  if (getSnapshot().is_logged_in) return profileEntry(compiled);
  return visitorEntry(compiled, token);
}

/**
 * The entry ({status: "loading" | "ready" | "error", ...entryStep's result}), the answer store it
 * fills and the tab choices and add-another counts it loads.
 */
export function useEntry(isLoggedIn) {
  const location = useLocation();
  const [entry, setEntry] = useState({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // The answers live outside React state: a keystroke re-renders only what subscribed to a changed value.
  const [answerStore] = useState(createAnswerStore);
  const [tabs, setTabs] = useState({});
  const [addAnother, setAddAnother] = useState({});

  // The entry step, again whenever the login state changes.
  useEffect(() => {
    let current = true;
    setEntry({ status: "loading" });
    entryStep(location.search).then(
      (result) => {
        if (!current) return;
        answerStore.set(result.answers);
        setTabs(result.tabs);
        setAddAnother(result.addAnother || {});
        setEntry({ status: "ready", ...result });
      },
      (error) => {
        if (!current) return;
        setEntry({ status: error instanceof UnauthorizedError ? "loading" : "error", error });
      },
    );
    return () => {
      current = false;
    };
    // location.search is read once per entry on purpose (token / service_token).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt, isLoggedIn]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []); // stable: the saving hooks depend on it
  return { entry, retry, answerStore, tabs, setTabs, addAnother, setAddAnother };
}
