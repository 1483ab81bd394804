import { t } from "../strings/strings.js";
import { useId, useState } from "react";
import { passwordChecklist } from "./passwordRules.js";

/** A labelled input whose errors are announced (aria-live) and tied to it (aria-describedby). */
export function Field({
  label,
  name,
  value,
  onChange,
  errors = [],
  type = "text",
  autoComplete,
  inputMode,
  hint,
  inputRef,
  describedBy,
  children,
  ...rest
}) {
  const id = useId();
  const errorId = `${id}-errors`;
  const hintId = `${id}-hint`;
  const described =
    [hint && hintId, errors.length && errorId, describedBy].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${errors.length ? " field-invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <div className="field-control">
        <input
          id={id}
          ref={inputRef}
          name={name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          inputMode={inputMode}
          aria-invalid={errors.length ? "true" : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
          {...rest}
        />
        {children}
      </div>
      <div id={errorId} className="field-errors" aria-live="polite">
        {errors.length > 0 && (
          <ul>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(props) {
  const [shown, setShown] = useState(false);
  return (
    <Field {...props} type={shown ? "text" : "password"} spellCheck={false} autoCapitalize="off">
      <button
        type="button"
        className="toggle-password"
        aria-pressed={shown}
        aria-label={t(shown ? "auth_hide_label" : "auth_show_label", { label: props.label })}
        onClick={() => setShown((s) => !s)}
      >
        {t(shown ? "auth_hide" : "auth_show")}
      </button>
    </Field>
  );
}

/** The live checklist of password requirements (with the matching rule on reset). */
export function PasswordChecklist({ id, password, confirm, withMatch = false }) {
  const items = passwordChecklist(password, { confirm, withMatch });
  return (
    <div className="checklist" id={id}>
      <p className="checklist-title">{t("auth_password_must_have")}</p>
      <ul>
        {items.map((item) => (
          <li key={item.id} className={item.met ? "met" : "unmet"} data-rule={item.id}>
            <span aria-hidden="true" className="checklist-mark">
              {item.met ? "✓" : "•"}
            </span>
            {item.label}
            <span className="visually-hidden">{t(item.met ? "auth_rule_done" : "auth_rule_not_yet")}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
