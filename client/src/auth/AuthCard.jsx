import { t } from "../strings/strings.js";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "../shell/Link.jsx";
import { LoadingIndicator } from "../shell/Loading.jsx";
import { useServices } from "../shell/services.js";

/** The frame of the five auth cards: header, a form with a Submit button, a footer question and link. */
export function AuthCard({ title, onSubmit, busy, children, footerQuestion, footerLink, extra }) {
  const heading = useRef(null);
  const { tenantName } = useServices();
  useEffect(() => {
    document.title = tenantName ? `${title} – ${tenantName}` : title;
  }, [title, tenantName]);
  const { state } = useLocation();
  const studentAnswers = state?.studentAnswers;
  return (
    <div className="auth-card card">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit(event);
        }}
        aria-busy={busy || undefined}
      >
        {children}
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={busy}
          aria-disabled={busy || undefined}
        >
          {busy ? <LoadingIndicator type="spinner" size="small" label={t("auth_submitting")} inline /> : null}
          <span>{t("auth_submit")}</span>
        </button>
      </form>
      {extra}
      <p className="auth-footer">
        {footerQuestion}{" "}
        <Link to={footerLink.to} state={studentAnswers ? { studentAnswers } : undefined}>
          {footerLink.label}
        </Link>
      </p>
    </div>
  );
}

/** Shows the errorMessage / successMessage carried in navigation state once, as toasts (cardErrorTitle: a text id). */
export function useNavigationMessages(cardErrorTitle) {
  const location = useLocation();
  const { toast } = useServices();
  const shown = useRef(null);
  useEffect(() => {
    const state = location.state || {};
    if (shown.current === location.key) return;
    shown.current = location.key;
    if (state.errorMessage) toast.error(state.errorTitle || t(cardErrorTitle), state.errorMessage);
    if (state.successMessage) toast.success(state.successTitle || t("auth_success"), state.successMessage);
  }, [location, toast, cardErrorTitle]);
  return location.state || {};
}

/** Form state with per-field errors: validate(values) -> {field: [messages]}. */
export function useCardForm(initial, validate, { liveValidation = true } = {}) {
  const { toast } = useServices();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const refs = useRef({});
  const allErrors = validate(values);
  const visible = (field) => (submitted || (liveValidation && touched[field]) ? allErrors[field] || [] : []);
  const set = (field) => (value) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };
  const ref = (field) => (node) => (refs.current[field] = node);
  /** True when there are no errors; otherwise shows them and focuses the first invalid field. */
  const check = () => {
    setSubmitted(true);
    const first = Object.keys(initial).find((field) => (allErrors[field] || []).length);
    if (first) {
      refs.current[first]?.focus();
      return false;
    }
    return true;
  };
  /** The props that tie an input to a field: <Field {...form.field("username")} />. */
  const field = (name) => ({
    name,
    value: values[name],
    onChange: set(name),
    errors: visible(name),
    inputRef: ref(name),
  });
  /** A card's submit handler: checks the fields (focusing the first invalid one), then runs
   * action(values) with the card busy; a failure is shown as an error toast titled errorTitle (a text id). */
  const submitWith = (errorTitle, action) => async () => {
    if (!check()) return;
    setBusy(true);
    try {
      await action(values);
    } catch (error) {
      toast.error(t(errorTitle), error.message);
    } finally {
      setBusy(false);
    }
  };
  return { values, set, visible, ref, field, check, submitWith, busy, setValues };
}
