// What the form needs from the application when no shell context is present (tests, or before
// the shell provides one): the same interface as the shell's AppContext, served by this module's
// store. The shell's context takes precedence wherever it exists.
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { STRINGS } from "../widgets/strings.js";
import { api, call, formApp, loadFormApp, useFormApp } from "./appBridge.js";
import { validateAnswers } from "./validation/validate.js";

function answered(answers) {
  return Object.values(answers).some((value) => value !== "" && value !== false && value != null);
}

export function useFallbackApp(enabled, compiledProp) {
  const navigate = useNavigate();
  const store = formApp();
  const state = useFormApp((s) => s, store);
  const [compiled, setCompiled] = useState(compiledProp ?? null);

  useEffect(() => {
    if (!enabled) return;
    loadFormApp(store);
    if (!compiledProp && !store.get().compiled) {
      call("get", "/public/form").then((form) => store.set({ compiled: form })).catch((error) => store.toast("error", error.message));
    }
    const token = new URLSearchParams(globalThis.location?.search ?? "").get("service_token");
    if (token && !store.get().serviceView) {
      api.serviceView(token)
        .then((view) => store.set({ serviceView: view }))
        .catch((error) => store.toast("error", error.message));
    }
  }, [enabled, compiledProp, store]);

  useEffect(() => setCompiled(compiledProp ?? state.compiled ?? null), [compiledProp, state.compiled]);

  const validating = state.snapshot.web_status === "validating";
  const errors = useMemo(() => {
    if (!enabled || !validating || !compiled) return {};
    return validateAnswers(compiled, withDocs(compiled, state.answers, state.documents), { tabs: state.tabs });
  }, [enabled, validating, compiled, state.answers, state.documents, state.tabs]);

  if (!enabled) return null;
  const toastError = (title, message) => store.toast("error", message ? `${title}: ${message}` : title);
  const toSignup = () => navigate("/signup", { state: { studentAnswers: store.get().answers } });

  return {
    compiled,
    snapshot: state.snapshot,
    serviceView: state.serviceView ?? null,
    answers: state.answers,
    errors,
    updateAnswers: (partial) => store.patchAnswers(partial),
    toastError,
    async saveAnswers(partial, { targetRoute } = {}) {
      const { snapshot, answers } = store.get();
      if (!snapshot.is_logged_in) {
        if (answered(answers)) toSignup();
        else if (targetRoute) navigate(targetRoute);
        return true;
      }
      try {
        await api.putAnswers(partial);
      } catch (error) {
        toastError(error.message);
        return false;
      }
      if (targetRoute) {
        navigate(targetRoute);
        globalThis.scrollTo?.(0, 0);
      }
      return true;
    },
    async submitApplication() {
      const { snapshot, answers, documents, tabs } = store.get();
      if (!snapshot.is_logged_in) return toSignup();
      await api.putAnswers(answers);
      if (snapshot.web_status !== "validating") {
        store.set({ snapshot: { ...snapshot, web_status: "validating" } });
        await api.postWebStatus("validating").catch(() => {});
      }
      const found = validateAnswers(compiled, withDocs(compiled, answers, documents), { tabs });
      await api.postValidations(found).catch(() => {});
      if (Object.keys(found).length) {
        const route = compiled.tenant?.default_route;
        if (route) navigate(route);
        return;
      }
      await api.submit();
      await api.postWebStatus("submitted").catch(() => {});
      store.set({ snapshot: { ...store.get().snapshot, web_status: "submitted" } });
      navigate("/completion", { state: { successMessage: STRINGS.submitted } });
    },
  };
}

function withDocs(compiled, answers, documents) {
  const out = { ...answers };
  for (const [key, spec] of Object.entries(compiled.data_model || {})) {
    if (spec.field === "file") out[key] = documents?.[key] ? "ANSWERED" : "";
  }
  return out;
}
