// Saving answers: typed answers are kept as pending (localStorage) and saved in the background
// after a pause (debounce); a failed save is retried (when the server says, e.g. a 503 with
// Retry-After while its database restarts, else after RETRY_MS), and again when the browser comes
// back online. The pending answers stay on the device until a save succeeds.
import { useCallback, useEffect, useRef, useState } from "react";
import * as api from "../../api/client.js";
import { UnauthorizedError } from "../../api/errors.js";
import { addPending, loadPending, removePending, saveVisitorAnswers } from "../answerStore.js";
import { ANSWER_SAVE_DEBOUNCE_MS } from "../constants.js";
import { getSnapshot } from "../sessionStore.js";
import { t } from "../../strings/formStrings.js";

const RETRY_MS = 10000;
const RETRY_MIN_MS = 1000;

/** When to try a failed save again: the server's Retry-After (1 s to RETRY_MS), else RETRY_MS. */
export function retryDelay(error) {
  const seconds = error?.retryAfterS;
  return typeof seconds === "number" ? Math.min(Math.max(seconds * 1000, RETRY_MIN_MS), RETRY_MS) : RETRY_MS;
}

/**
 * The server applies the form's hiding rules to every save and answers with the keys it cleared
 * (`cleared`): clear them here too, unless the applicant has changed one since it was sent.
 */
export function mirrorCleared(answerStore, cleared, sent) {
  const current = answerStore.get();
  const clears = {};
  for (const key of cleared || []) {
    const local = current[key] ?? "";
    if (local !== "" && local !== false && (!(key in sent) || local === sent[key])) clears[key] = "";
  }
  if (Object.keys(clears).length) answerStore.set({ ...current, ...clears });
}

/** The keys a 4xx save refused for good ({key: message}), or null. */
function refusedKeys(error) {
  const rejected = error.body?.errors && typeof error.body.errors === "object" ? error.body.errors : null;
  return error.status >= 400 && error.status < 500 ? rejected : null;
}

/** flush(): save the pending answers now; resolves false when they could not be saved. */
function useFlush({ loggedIn, answerStore, followVersion, timers, setSave }) {
  const inFlight = useRef(null);
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
      mirrorCleared(answerStore, saved?.cleared, pending);
      clearTimeout(timers.current.retry);
      setSave({ state: "saved", message: "" });
      followVersion(saved?.definition_version);
      return true;
    } catch (error) {
      if (error instanceof UnauthorizedError) return false; // kept for the next login
      setSave({ state: "failed", message: error.status === 0 ? t("shell_unreachable") : error.message });
      const refused = refusedKeys(error);
      if (refused) {
        // The server refused these keys for good: drop them so the others can be saved.
        removePending(username, Object.fromEntries(Object.keys(refused).map((key) => [key, pending[key]])));
      } else {
        clearTimeout(timers.current.retry);
        timers.current.retry = setTimeout(() => flush(), retryDelay(error));
      }
      return false;
    } finally {
      if (inFlight.current === attemptSave) inFlight.current = null;
    }
  }, [loggedIn, answerStore, followVersion, timers, setSave]);
  return flush;
}

/**
 * The save state ({state: "idle" | "saving" | "saved" | "failed", message}), flush() and
 * updateAnswers(partial, base?, merged?), which applies the keys at once and saves them after a pause
 * (a visitor's answers stay in this browser); `merged` (`base` with `partial`) is stored as it is
 * when `base` is the answers stored now. `onChange` runs on every change (the server's errors go).
 */
export function useSaving({ ready, loggedIn, answerStore, followVersion, onChange }) {
  const [save, setSave] = useState({ state: "idle", message: "" });
  const timers = useRef({ debounce: null, retry: null });
  const flush = useFlush({ loggedIn, answerStore, followVersion, timers, setSave });

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
    (partial, base, merged) => {
      if (getSnapshot().is_service_user || getSnapshot().web_status === "submitted") return;
      const current = answerStore.get();
      const next = merged && base === current ? merged : { ...current, ...partial };
      answerStore.set(next);
      onChange();
      if (loggedIn) {
        addPending(getSnapshot().username, partial);
        clearTimeout(timers.current.debounce);
        timers.current.debounce = setTimeout(() => flush(), ANSWER_SAVE_DEBOUNCE_MS);
      } else {
        saveVisitorAnswers(next);
      }
    },
    [loggedIn, flush, answerStore, onChange],
  );
  return { save, flush, updateAnswers };
}
