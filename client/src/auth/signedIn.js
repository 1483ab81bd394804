// What the browser keeps once a login or a confirmation code has signed the applicant in.
import { clearSession, forgetCached, refreshLoggedIn, updateSnapshot } from "../shell/sessionStore.js";
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
  // The account's language (chosen on another device, say) is now this browser's: the form is
  // loaded again in it.
  const page = document.documentElement;
  if (result.language && result.language !== page.lang) {
    forgetCached("form");
    page.lang = result.language;
  }
}
