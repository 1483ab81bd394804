// The form group's data: the entry step (compiled form, profile or visitor/draft/service answers),
// answers with background saving, validations, navigation and the submit flow. FormGroup turns
// this into the AppContext value documented in AppContext.jsx.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import * as api from "../api/client.js";
import { UnauthorizedError } from "../api/errors.js";
import {
  addPending,
  createAnswerStore,
  loadPending,
  loadVisitorAnswers,
  removePending,
  saveVisitorAnswers,
} from "./answerStore.js";
import { ANSWER_SAVE_DEBOUNCE_MS } from "./constants.js";
import {
  defaultRouteOf,
  deriveWebStatus,
  entryParameters,
  navDestination,
  normalisePath,
  routeKind,
  savesLastPage,
} from "./routing.js";
import { cached, forgetCached, getSnapshot, updateSnapshot, useSnapshot } from "./sessionStore.js";
import { useServices } from "./services.js";
import { whenIdle } from "./whenIdle.js";
import { t } from "../widgets/formStrings.js";

const RETRY_MS = 10000;
// Validation after a change waits for a pause in typing, then for an idle moment (the typed character paints first).
const VALIDATE_PAUSE_MS = 150; // errors follow the answers this long after the last change
const VALIDATE_AFTER_MS = 200; // then in idle time, at the latest this much later
const NO_ERRORS = {};
const loadValidation = () => cached("validation-module", () => import("../form/validation/validate.js"));

async function entryStep(search) {
  const compiled = await cached("form", api.fetchCompiledForm).catch((error) => {
    error.formLoad = true;
    throw error;
  });
  const { token, serviceToken } = entryParameters(search);
  if (serviceToken) {
    const view = await cached(`service:${serviceToken}`, () => api.fetchServiceView(serviceToken)).catch(
      (error) => {
        error.formLoad = true; // shown as a message, not the crash screen
        throw error;
      },
    );
    updateSnapshot({ is_service_user: true });
    const { answer, tabs, add_another: addAnother } = view;
    return {
      compiled: view.form || compiled, // a submitted application renders the form it was submitted on
      answers: answer || {},
      serviceView: view,
      profile: null,
      tabs: tabs || {},
      addAnother,
    };
  }
  if (getSnapshot().is_logged_in) {
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
    });
    const answers = { ...(profile.answer || {}), ...loadPending(profile.username) };
    return { compiled, answers, profile, serviceView: null, tabs: tabs || {}, addAnother: addAnother || {} };
  }
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

export function useApplication() {
  const location = useLocation();
  const navigate = useNavigate();
  const services = useServices();
  const { toast } = services;
  const snapshot = useSnapshot();
  const [entry, setEntry] = useState({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // The answers live outside React state: a keystroke re-renders only what subscribed to a changed value.
  const [answerStore] = useState(createAnswerStore);
  const [tabs, setTabs] = useState({});
  const [addAnother, setAddAnother] = useState({});
  const [liveErrors, setLiveErrors] = useState(NO_ERRORS);
  const [serverErrors, setServerErrors] = useState(NO_ERRORS);
  const [save, setSave] = useState({ state: "idle", message: "" });
  const timers = useRef({ debounce: null, retry: null });
  const inFlight = useRef(null);
  const summaryFocus = useRef(false); // set by a submit with errors: the summary takes focus when shown
  const justSubmitted = useRef(false);

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
  }, [attempt, snapshot.is_logged_in]);

  const ready = entry.status === "ready";
  const compiled = entry.compiled;
  const loggedIn = snapshot.is_logged_in && !snapshot.is_service_user;

  useEffect(() => {
    if (entry.status === "ready" && entry.draftError)
      toast.error(t("shell_saved_answer_error"), entry.draftError.message);
  }, [entry, toast]);

  // A logged-in user with no status gets started.
  useEffect(() => {
    if (ready && loggedIn && snapshot.web_status === null) {
      updateSnapshot({ web_status: "started" });
      api.postWebStatus("started").catch(() => {});
    }
  }, [ready, loggedIn, snapshot.web_status]);

  // ---- saving answers -------------------------------------------------------------------------
  // The server applies the form's hiding rules to every save and answers with the keys it cleared
  // (`cleared`): clear them here too, unless the applicant has changed one since it was sent.
  // A save answered by a newer version of the form than the one shown (the author published one):
  // load the form and the moved answers again; what the applicant typed is kept (saved, or pending).
  const shownVersion = entry.profile?.definition_version;
  const followVersion = useCallback(
    (version) => {
      if (!version || !shownVersion || version === shownVersion) return;
      forgetCached("form", "profile", "tabs", "add-another");
      toast.add({ severity: "info", title: t("new_version_title"), message: t("new_version_text") });
      setAttempt((n) => n + 1);
    },
    [shownVersion, toast],
  );

  const mirrorCleared = useCallback(
    (cleared, sent) => {
      const current = answerStore.get();
      const clears = {};
      for (const key of cleared || []) {
        const local = current[key] ?? "";
        if (local !== "" && local !== false && (!(key in sent) || local === sent[key])) clears[key] = "";
      }
      if (Object.keys(clears).length) answerStore.set({ ...current, ...clears });
    },
    [answerStore],
  );

  const flush = useCallback(async () => {
    clearTimeout(timers.current.debounce);
    const { username } = getSnapshot();
    if (!loggedIn || !username) return true;
    if (inFlight.current) await inFlight.current.catch(() => {});
    const pending = loadPending(username);
    if (!Object.keys(pending).length) {
      setSave((s) => (s.state === "failed" ? { state: "saved", message: "" } : s));
      return true;
    }
    setSave({ state: "saving", message: "" });
    const attemptSave = api.saveAnswersCall(pending);
    inFlight.current = attemptSave;
    try {
      const saved = await attemptSave;
      removePending(username, pending);
      mirrorCleared(saved?.cleared, pending);
      clearTimeout(timers.current.retry);
      setSave({ state: "saved", message: "" });
      followVersion(saved?.definition_version);
      return true;
    } catch (error) {
      if (error instanceof UnauthorizedError) return false; // kept for the next login
      setSave({
        state: "failed",
        message: error.status === 0 ? t("shell_unreachable") : error.message,
      });
      const rejected = error.body?.errors && typeof error.body.errors === "object" ? error.body.errors : null;
      if (error.status >= 400 && error.status < 500 && rejected) {
        // The server refused these keys for good: drop them so the others can be saved.
        removePending(username, Object.fromEntries(Object.keys(rejected).map((key) => [key, pending[key]])));
      } else {
        clearTimeout(timers.current.retry);
        timers.current.retry = setTimeout(() => flush(), RETRY_MS);
      }
      return false;
    } finally {
      if (inFlight.current === attemptSave) inFlight.current = null;
    }
  }, [loggedIn, mirrorCleared, followVersion]);

  useEffect(() => {
    if (!ready) return undefined;
    if (loggedIn) flush(); // answers left from an earlier visit or a dropped connection
    const onOnline = () => flush();
    window.addEventListener("online", onOnline);
    const pendingTimers = timers.current;
    return () => {
      window.removeEventListener("online", onOnline);
      clearTimeout(pendingTimers.debounce);
      clearTimeout(pendingTimers.retry);
    };
  }, [ready, loggedIn, flush]);

  const updateAnswers = useCallback(
    (partial) => {
      if (getSnapshot().is_service_user || getSnapshot().web_status === "submitted") return;
      const next = { ...answerStore.get(), ...partial };
      answerStore.set(next);
      setServerErrors(NO_ERRORS); // the same object when there were none: no re-render
      if (loggedIn) {
        addPending(getSnapshot().username, partial);
        clearTimeout(timers.current.debounce);
        timers.current.debounce = setTimeout(() => flush(), ANSWER_SAVE_DEBOUNCE_MS);
      } else {
        saveVisitorAnswers(next);
      }
    },
    [loggedIn, flush, answerStore],
  );

  // ---- validation -----------------------------------------------------------------------------
  // A file question counts as answered when its document exists (the profile's document_answer,
  // or the newer map the form passes to submitApplication / runValidations).
  const documentsRef = useRef(null);
  const validationAnswers = useCallback(
    (current) => {
      const documents = documentsRef.current ?? entry.profile?.document_answer ?? {};
      const out = { ...current };
      for (const [key, spec] of Object.entries(compiled?.data_model || {})) {
        if (spec.field === "file") out[key] = documents?.[key] ? "ANSWERED" : "";
      }
      return out;
    },
    [compiled, entry.profile],
  );
  const validating = snapshot.web_status === "validating";
  // While validating, the errors follow the answers: re-computed after a pause in changes, in idle
  // time (so not inside a keystroke), and replaced only when they differ (the layout re-renders only then).
  useEffect(() => {
    if (!ready || !validating) {
      setLiveErrors(NO_ERRORS);
      return undefined;
    }
    let current = true;
    let cancel = null;
    const validate = () => {
      cancel = null;
      loadValidation().then(({ validateAnswers }) => {
        if (!current) return;
        const found = validateAnswers(compiled, validationAnswers(answerStore.get()), { tabs, addAnother });
        setLiveErrors((shown) => (sameErrors(shown, found) ? shown : found));
      });
    };
    validate();
    const unsubscribe = answerStore.subscribe(() => {
      // After a pause in typing: a fast typist's keystrokes are not followed by a validation each.
      cancel?.();
      const timer = setTimeout(() => {
        cancel = whenIdle(validate, VALIDATE_AFTER_MS);
      }, VALIDATE_PAUSE_MS);
      cancel = () => clearTimeout(timer);
    });
    return () => {
      current = false;
      unsubscribe();
      cancel?.();
    };
  }, [ready, validating, compiled, answerStore, tabs, addAnother, validationAnswers]);

  const runValidations = useCallback(
    async ({ routes, documents } = {}) => {
      if (documents) documentsRef.current = documents;
      const { validateAnswers } = await loadValidation();
      const options = { tabs, addAnother, routes };
      const errors = validateAnswers(compiled, validationAnswers(answerStore.get()), options);
      setLiveErrors((all) => (routes ? { ...all, ...errors } : errors));
      if (loggedIn) {
        api.postValidations(errors, routes?.length === 1 ? routes[0] : null).catch((error) => {
          // 409: the submit that this validation preceded got there first; nothing is wrong.
          if (error instanceof UnauthorizedError || error.status === 409) return;
          toast.error(t("shell_validation_error"), error.message);
        });
      }
      return errors;
    },
    [compiled, tabs, addAnother, loggedIn, toast, validationAnswers, answerStore],
  );

  const errors = useMemo(() => ({ ...liveErrors, ...serverErrors }), [liveErrors, serverErrors]);

  // ---- navigation -----------------------------------------------------------------------------
  const pathname = normalisePath(location.pathname);
  const formRoutes = useMemo(() => (compiled ? compiled.pages.map((p) => p.route) : []), [compiled]);
  const defaultRoute = compiled ? defaultRouteOf(compiled) : "/";

  /** Save, validate (while validating), then move; a visitor with answers goes to /signup. */
  const goTo = useCallback(
    async (route, { hash } = {}) => {
      const target = hash ? `${route}#${hash}` : route;
      const now = getSnapshot();
      if (now.is_service_user) return navigate(`${target}${location.search}`);
      if (!now.is_logged_in) {
        const destination = navDestination({ isLoggedIn: false, answers: answerStore.get(), target });
        navigate(destination.pathname, { state: destination.state });
        return true;
      }
      const saved = await flush();
      if (!saved) {
        toast.error(t("shell_save_error"), t("shell_save_error_text"));
        return false;
      }
      if (now.web_status === "validating" && routeKind(pathname, formRoutes) === "form")
        await runValidations({ routes: [pathname] });
      if (!now.has_changed_page) updateSnapshot({ has_changed_page: true });
      navigate(target);
      return true;
    },
    [navigate, flush, toast, runValidations, pathname, formRoutes, location.search, answerStore],
  );

  const saveAnswers = useCallback(
    async (partial = {}, { targetRoute } = {}) => {
      if (Object.keys(partial).length) updateAnswers(partial);
      if (targetRoute) return goTo(targetRoute);
      if (!getSnapshot().is_logged_in) return true;
      const saved = await flush();
      if (!saved) toast.error(t("shell_save_error"), t("shell_save_error_text"));
      return saved;
    },
    [updateAnswers, goTo, flush, toast],
  );

  // last_page is saved on each navigation while started or validating.
  useEffect(() => {
    if (!ready || !loggedIn || routeKind(pathname, formRoutes) !== "form") return;
    const now = getSnapshot();
    if (!savesLastPage(now.web_status) || now.last_page === pathname) return;
    if (!now.has_changed_page && now.last_page && formRoutes.includes(now.last_page)) return; // being restored
    updateSnapshot({ last_page: pathname });
    api.saveLastPage(pathname).catch(() => {});
  }, [ready, loggedIn, pathname, formRoutes, snapshot.web_status, snapshot.has_changed_page]);

  // ---- submit ---------------------------------------------------------------------------------
  // The answers are reviewed before they are sent unless the tenant turns it off.
  const reviewFirst = compiled?.settings?.review_before_submit !== false;
  /**
   * Save, validate, then submit. Without `confirmed`, a form that reviews first stops when nothing
   * blocks the submit and answers "review" (the page shows the answers; its confirm calls again).
   */
  const submitApplication = useCallback(
    async ({ documents, confirmed = false } = {}) => {
      if (documents) documentsRef.current = documents;
      const now = getSnapshot();
      if (!now.is_logged_in) {
        navigate("/signup", { state: { studentAnswers: answerStore.get() } });
        return false;
      }
      try {
        const answers = answerStore.get();
        const saved = await api.saveAnswersCall(answers);
        removePending(now.username, answers);
        mirrorCleared(saved?.cleared, answers);
        if (now.web_status === "started" || now.web_status === null) {
          updateSnapshot({ web_status: "validating" });
          await api.postWebStatus("validating");
        }
        const found = await runValidations();
        if (Object.keys(found).length === 0) {
          if (reviewFirst && !confirmed) return "review";
          const receipt = await api.submitApplicationCall();
          await api.postWebStatus("submitted");
          // Whichever comes first, this move or the forced one to /completion, carries the message.
          justSubmitted.current = true;
          updateSnapshot({
            web_status: "submitted",
            reference: receipt?.reference ?? null,
            submitted_at: receipt?.submitted_at ?? null,
          });
          navigate("/completion", { state: { successMessage: t("submitted_message") } });
          return true;
        }
      } catch (error) {
        if (error instanceof UnauthorizedError) return false;
        if (error.status === 422 && error.body?.errors) {
          setServerErrors(error.body.errors);
        } else {
          services.showUnexpectedError(error);
          return false;
        }
      }
      summaryFocus.current = true;
      updateSnapshot({ web_status: "validating", has_changed_page: true });
      navigate(defaultRoute);
      return false;
    },
    [navigate, runValidations, services, defaultRoute, answerStore, mirrorCleared, reviewFirst],
  );

  return {
    entry,
    ready,
    retry: () => setAttempt((n) => n + 1),
    compiled,
    snapshot,
    answerStore,
    tabs,
    setTabs,
    addAnother,
    setAddAnother,
    errors,
    save,
    updateAnswers,
    saveAnswers,
    runValidations,
    submitApplication,
    goTo,
    formRoutes,
    defaultRoute,
    pathname,
    summaryFocus,
    justSubmitted,
  };
}

/** Two error maps ({key: [messages]}) say the same. */
function sameErrors(a, b) {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Array.isArray(b[key]) && a[key].length === b[key].length && a[key].every((m, i) => m === b[key][i]),
  );
}
