// Validation: the problems follow the answers (shown as errors while validating); runValidations()
// validates on demand (the page Continue leaves, a page before moving on while validating, everything
// before a submit) and posts the result.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import * as api from "../../api/client.js";
import { UnauthorizedError } from "../../api/errors.js";
import { cached } from "../sessionStore.js";
import { whenIdle } from "../whenIdle.js";
import { t } from "../../strings/formStrings.js";
import { ANSWERED } from "../constants.js";

// Validation after a change waits for a pause in typing, then for an idle moment (the typed character paints first).
const VALIDATE_PAUSE_MS = 150; // errors follow the answers this long after the last change
const VALIDATE_AFTER_MS = 200; // then in idle time, at the latest this much later
export const NO_ERRORS = {};
const loadValidation = () => cached("validation-module", () => import("../../form/validation/validate.js"));

/** Two error maps ({key: [messages]}) say the same. */
function sameErrors(a, b) {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Array.isArray(b[key]) && a[key].length === b[key].length && a[key].every((m, i) => m === b[key][i]),
  );
}

/**
 * While validating, the errors follow the answers: re-computed after a pause in changes, in idle
 * time (so not inside a keystroke), and replaced only when they differ (the layout re-renders only then).
 */
function useLiveValidation({
  active,
  immediate,
  compiled,
  answerStore,
  tabs,
  addAnother,
  validationAnswers,
  setLiveErrors,
}) {
  useEffect(() => {
    if (!active) {
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
    // While validating at once (the errors are on the page); else after the first paint, when idle.
    if (immediate) validate();
    else cancel = whenIdle(validate, VALIDATE_AFTER_MS);
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
  }, [active, immediate, compiled, answerStore, tabs, addAnother, validationAnswers, setLiveErrors]);
}

/**
 * The errors shown (the live ones and the server's `serverErrors`), runValidations({routes,
 * documents}) and documentsRef (the newest documents map a caller passed).
 */
export function useValidation(options) {
  const { entry, ready, compiled, snapshot, answerStore, tabs, addAnother, loggedIn, toast, serverErrors } =
    options;
  const validating = snapshot.web_status === "validating";
  const [liveErrors, setLiveErrors] = useState(NO_ERRORS);
  // A file question counts as answered when its document exists (the profile's document_answer,
  // or the newer map the form passes to submitApplication / runValidations).
  const documentsRef = useRef(null);
  const validationAnswers = useCallback(
    (current) => {
      const documents = documentsRef.current ?? entry.profile?.document_answer ?? {};
      const out = { ...current };
      for (const [key, spec] of Object.entries(compiled?.data_model || {})) {
        if (spec.field === "file") out[key] = documents?.[key] ? ANSWERED : "";
      }
      return out;
    },
    [compiled, entry.profile],
  );
  // The problems follow the answers at all times (the navigation's "Complete" is "no problems on
  // this page"); they are shown on the fields and in the summary only while validating.
  const active = ready && !snapshot.is_service_user;
  useLiveValidation({
    active,
    immediate: validating,
    compiled,
    answerStore,
    tabs,
    addAnother,
    validationAnswers,
    setLiveErrors,
  });

  // posted: return once the server has stored the errors. A submit asks for it: a post still on its
  // way when the submit lands would find the application submitted (409, logged by the browser).
  const runValidations = useCallback(
    async ({ routes, documents, posted = false } = {}) => {
      if (documents) documentsRef.current = documents;
      const { validateAnswers } = await loadValidation();
      const errors = validateAnswers(compiled, validationAnswers(answerStore.get()), {
        tabs,
        addAnother,
        routes,
      });
      setLiveErrors((all) => (routes ? { ...all, ...errors } : errors));
      if (loggedIn) {
        const posting = api
          .postValidations(errors, routes?.length === 1 ? routes[0] : null)
          .catch((error) => {
            // 409: submitted meanwhile (another tab); nothing is wrong.
            if (error instanceof UnauthorizedError || error.status === 409) return;
            toast.error(t("shell_validation_error"), error.message);
          });
        if (posted) await posting;
      }
      return errors;
    },
    [compiled, tabs, addAnother, loggedIn, toast, validationAnswers, answerStore],
  );

  const errors = useMemo(
    () => (validating ? { ...liveErrors, ...serverErrors } : serverErrors),
    [validating, liveErrors, serverErrors],
  );
  return { errors, problems: liveErrors, runValidations, documentsRef };
}
