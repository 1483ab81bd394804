// What the browser keeps once a login or a confirmation code has signed the applicant in.
import { clearSession, refreshLoggedIn, updateSnapshot } from "../shell/sessionStore.js";
import { clearVisitorAnswers } from "../shell/answerStore.js";

/** A new session for the user just signed in (their visitor answers went with the request). */
export function startSession(result, studentAnswers) {
  clearSession();
  refreshLoggedIn();
  updateSnapshot({
    username: result.username,
    num_logins: Math.max(1, result.num_logins || 1),
    has_changed_page: false,
  });
  if (studentAnswers) clearVisitorAnswers();
}
