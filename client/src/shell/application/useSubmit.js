// The submit flow: save, validate, review (unless the tenant turns it off), submit, completion.
import { useCallback, useRef } from "react";
import { useNavigate } from "react-router";
import * as api from "../../api/client.js";
import { UnauthorizedError } from "../../api/errors.js";
import { removePending } from "../answerStore.js";
import { getSnapshot, updateSnapshot } from "../sessionStore.js";
import { t } from "../../strings/formStrings.js";
import { mirrorCleared } from "./useSaving.js";

/** Save all the answers (the server clears what its rules hide) and move to validating. */
async function saveAllAndValidate(now, answerStore, runValidations) {
  const answers = answerStore.get();
  const saved = await api.saveAnswersCall(answers);
  removePending(now.username, answers);
  mirrorCleared(answerStore, saved?.cleared, answers);
  if (now.web_status === "started" || now.web_status === null) {
    updateSnapshot({ web_status: "validating" });
    await api.postWebStatus("validating");
  }
  return runValidations({ posted: true });
}

async function sendSubmit() {
  const receipt = await api.submitApplicationCall();
  await api.postWebStatus("submitted");
  return receipt;
}

function markSubmitted(receipt, justSubmitted) {
  // Whichever comes first, the move to /completion or the forced one, carries the message.
  justSubmitted.current = true;
  updateSnapshot({
    web_status: "submitted",
    reference: receipt?.reference ?? null,
    submitted_at: receipt?.submitted_at ?? null,
  });
}

/**
 * submitApplication({documents, confirmed}): save, validate, then submit. Without `confirmed`, a
 * form that reviews first stops when nothing blocks the submit and answers "review" (the page shows
 * the answers; its confirm calls again). Also the refs the shell reads: summaryFocus (set by a
 * submit with errors: the summary takes focus when shown) and justSubmitted.
 */
export function useSubmit(options) {
  const { compiled, answerStore, runValidations, documentsRef, setServerErrors, defaultRoute, services } =
    options;
  const navigate = useNavigate();
  const summaryFocus = useRef(false);
  const justSubmitted = useRef(false);
  // The answers are reviewed before they are sent unless the tenant turns it off.
  const reviewFirst = compiled?.settings?.review_before_submit !== false;

  const submitApplication = useCallback(
    async ({ documents, confirmed = false } = {}) => {
      if (documents) documentsRef.current = documents;
      const now = getSnapshot();
      if (!now.is_logged_in) {
        navigate("/signup", { state: { studentAnswers: answerStore.get() } });
        return false;
      }
      try {
        const found = await saveAllAndValidate(now, answerStore, runValidations);
        if (Object.keys(found).length === 0) {
          if (reviewFirst && !confirmed) return "review";
          markSubmitted(await sendSubmit(), justSubmitted);
          navigate("/completion", { state: { successMessage: t("submitted_message") } });
          return true;
        }
      } catch (error) {
        if (error instanceof UnauthorizedError) return false;
        if (!(error.status === 422 && error.body?.errors)) {
          services.showUnexpectedError(error);
          return false;
        }
        setServerErrors(error.body.errors);
      }
      summaryFocus.current = true;
      updateSnapshot({ web_status: "validating", has_changed_page: true });
      navigate(defaultRoute);
      return false;
    },
    [
      navigate,
      runValidations,
      services,
      defaultRoute,
      answerStore,
      reviewFirst,
      documentsRef,
      setServerErrors,
    ],
  );
  return { submitApplication, summaryFocus, justSubmitted };
}
