// The form group's data: the entry step (compiled form, profile or visitor/draft/service answers),
// answers with background saving, validations, navigation and the submit flow. FormGroup turns
// this into the AppContext value documented in AppContext.jsx. Each concern is a hook of its own in
// shell/application/; they are called in this order, which is the order their effects run in.
import { useCallback, useState } from "react";
import { useServices } from "./services.js";
import { useSnapshot } from "./sessionStore.js";
import { useEntry } from "./application/useEntry.js";
import { useNavigation } from "./application/useNavigation.js";
import { useSaving } from "./application/useSaving.js";
import { useStatus } from "./application/useStatus.js";
import { useSubmit } from "./application/useSubmit.js";
import { NO_ERRORS, useValidation } from "./application/useValidation.js";

export function useApplication() {
  const services = useServices();
  const { toast } = services;
  const snapshot = useSnapshot();
  const loaded = useEntry(snapshot.is_logged_in);
  const { entry, retry, answerStore, tabs, addAnother } = loaded;
  const ready = entry.status === "ready";
  const compiled = entry.compiled;
  const loggedIn = snapshot.is_logged_in && !snapshot.is_service_user;
  // The server's 422 from a submit, shown until the next change.
  const [serverErrors, setServerErrors] = useState(NO_ERRORS);
  // The same object when there were none: no re-render.
  const clearServerErrors = useCallback(() => setServerErrors(NO_ERRORS), []);

  // What every concern may read; each hook takes the part it needs.
  const shared = {
    entry,
    ready,
    compiled,
    loggedIn,
    snapshot,
    answerStore,
    tabs,
    addAnother,
    toast,
    services,
  };
  const { followVersion } = useStatus({ ...shared, retry });
  const { save, flush, updateAnswers } = useSaving({ ...shared, followVersion, onChange: clearServerErrors });
  const { errors, problems, runValidations, documentsRef } = useValidation({ ...shared, serverErrors });
  const navigation = useNavigation({ ...shared, flush, updateAnswers, runValidations });
  const { defaultRoute } = navigation;
  const submit = useSubmit({ ...shared, runValidations, documentsRef, setServerErrors, defaultRoute });
  return {
    ...loaded,
    ready,
    compiled,
    snapshot,
    errors,
    problems,
    save,
    updateAnswers,
    runValidations,
    ...navigation,
    ...submit,
  };
}
