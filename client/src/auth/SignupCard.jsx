import { t } from "../strings/strings.js";
import { useId } from "react";
import { useNavigate } from "react-router";
import * as api from "../api/client.js";
import { AuthCard, useCardForm, useNavigationMessages } from "./AuthCard.jsx";
import { Field, PasswordChecklist, PasswordField } from "./fields.jsx";
import { EMAIL_MESSAGE, isEmail } from "./fieldRules.js";
import { passwordErrors } from "./passwordRules.js";

const SIGNUP_ERROR = "auth_signup_error";

const validate = ({ username, password }) => ({
  username: isEmail(username) ? [] : [t(EMAIL_MESSAGE)],
  password: passwordErrors(password),
});

export default function SignupCard() {
  const navigate = useNavigate();
  const state = useNavigationMessages(SIGNUP_ERROR);
  const form = useCardForm({ username: "", password: "" }, validate);
  const checklistId = useId();

  const submit = form.submitWith(SIGNUP_ERROR, async (values) => {
    const username = values.username.trim();
    const result = await api.signup({
      username,
      password: values.password,
      studentAnswers: state.studentAnswers,
    });
    navigate("/confirm", {
      state: { username, successMessage: result.message, studentAnswers: state.studentAnswers },
    });
  });

  return (
    <AuthCard
      title={t("auth_signup_title")}
      onSubmit={submit}
      busy={form.busy}
      footerQuestion={t("auth_have_account")}
      footerLink={{ to: "/login", label: t("auth_login_title") }}
    >
      <Field label={t("auth_email")} type="email" autoComplete="username" {...form.field("username")} />
      <PasswordField
        label={t("auth_password")}
        autoComplete="new-password"
        describedBy={checklistId}
        {...form.field("password")}
      />
      <PasswordChecklist id={checklistId} password={form.values.password} />
    </AuthCard>
  );
}
