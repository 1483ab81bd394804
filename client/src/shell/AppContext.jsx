// The seam between the shell and the form renderer.
//
// The shell renders, for every form page route, <FormPage page={page} compiled={compiled} />
// (client/src/form/FormPage.jsx), inside <AppContext.Provider>. A page reads everything else with
// `const app = useApp()`:
//
//   app.compiled          the compiled form (GET /public/form), never null inside a form route
//   app.snapshot          the client snapshot (shell/sessionStore.js):
//                         {username, last_page, is_logged_in, is_service_user, num_logins,
//                          has_changed_page, web_status}   (web_status: null|"started"|"validating"|"submitted")
//   app.profile           GET /api/profile as served ({answer, document_answer, username, last_page,
//                         successful_login, web_status}); null for visitors and service users
//   app.serviceView       for a service user: GET /service/tmp-pdf ({answer, add_another,
//                         document_answer, tabs}); otherwise null
//   app.answers           the student answers now (flat map key -> value; "" is an empty answer), with
//                         local edits applied at once. Reading it does not subscribe: the context value
//                         does not change as answers change (a keystroke re-renders only subscribers),
//                         so a component that shows answers uses the hook below.
//   useAnswers(select)    (a hook exported here) subscribes to the answers: without `select` the whole
//                         map (re-renders on every change), with it only what it returns (compared
//                         with Object.is, so return a string/boolean/number, not a new object)
//   app.answerStore       the store behind both: {get(), subscribe(listener)} (shell/answerStore.js)
//   app.updateAnswers(partial)
//                         while typing: applies the keys locally, keeps them in localStorage until the
//                         server has them, and saves them in the background (debounced)
//   app.saveAnswers(partial, {targetRoute}) -> Promise<boolean>
//                         "continue" / navigation: saves now (PUT /api/answer when logged in), then,
//                         with a targetRoute, moves there (sets has_changed_page the first time). A
//                         visitor with answers is sent to /signup carrying studentAnswers instead.
//                         A failed save shows an error toast and resolves false (nothing is lost).
//   app.errors            the validation errors map {answerKey: [messages]}; filled only while
//                         web_status is "validating" (then it is re-computed as answers change, in idle
//                         time just after a keystroke, and replaced only when the errors differ)
//   app.runValidations({routes, documents, posted}) -> errors
//                         validates the answers (form/validation/validate.js validateAnswers) for the given page routes
//                         (default: all), stores the map in app.problems (app.errors while validating) and
//                         posts it (POST /api/validations;
//                         with `posted`, resolves once the server has it).
//                         A file question counts as answered when `documents[key]` exists (default: the
//                         profile's document_answer; pass the newer map when you have one)
//   app.problems          the answers' problems now {answerKey: [messages]}, whatever web_status
//                         (re-computed as answers change, like app.errors while validating)
//   app.submitApplication({documents})  the final submit: save, validate, then submit
//                         (shell/application/useSubmit.js)
//   app.tabs / app.setTabs(map)  the tab choices (GET /api/tabs), used by validation; set after a change
//   app.addAnother / app.setAddAnother(map)  the add-another counts (GET /api/add-another), used by
//                         validation (entries beyond a count are hidden, so absent); set after a change
//   app.toast.error(title, message) / app.toast.success(title, message)
//   app.showUnexpectedError(error)   the "Unexpected Error" dialog
//   app.navigate(route, {hash})  moves like the top navigation: saves, validates while validating, sets
//                         has_changed_page; a visitor with answers goes to /signup (last_page is saved
//                         on every move while started/validating)
//   app.setLeaveHook(fn) -> unset  what a move does first, before it saves (one at a time: the form page
//                         sets one that drops its wholly empty later entries); returns the function
//                         that unsets it
//
// Data calls: import the typed calls from client/src/api/client.js (every endpoint the client calls).
// A 401 from any of them is handled centrally (cache cleared, /login with the message).
import { createContext, useContext } from "react";
import { useAnswerStore } from "./answerStore.js";

export const AppContext = createContext(null);

/** The shell's application context; throws outside the shell so a missing provider is obvious. */
export function useApp() {
  const app = useContext(AppContext);
  if (!app) throw new Error("useApp() must be used inside the application shell (AppContext.Provider).");
  return app;
}

/** The answers (or what `select` derives from them), re-rendering only when that value changes. */
export function useAnswers(select) {
  return useAnswerStore(useApp().answerStore, select);
}
