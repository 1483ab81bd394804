import { useId } from "react";
import { useNavigate } from "react-router";
import * as api from "../api/client.js";
import { useServices } from "../shell/services.js";
import { AuthCard, useCardForm, useNavigationMessages } from "./AuthCard.jsx";
import { Field, PasswordChecklist, PasswordField } from "./fields.jsx";
import { EMAIL_MESSAGE, isEmail } from "./fieldRules.js";
import { passwordErrors } from "./passwordRules.js";

export const SIGNUP_ERROR = "Sign Up Card Error";

const validate = ({ username, password }) => ({
  username: isEmail(username) ? [] : [EMAIL_MESSAGE],
  password: passwordErrors(password),
});

export default function SignupCard() {
  const navigate = useNavigate();
  const { toast } = useServices();
  const state = useNavigationMessages(SIGNUP_ERROR);
  const form = useCardForm({ username: "", password: "" }, validate);
  const checklistId = useId();
  const { values } = form;

  async function submit() {
    if (!form.check()) return;
    form.setBusy(true);
    const username = values.username.trim();
    try {
      const result = await api.signup({ username, password: values.password, studentAnswers: state.studentAnswers });
      navigate("/confirm", { state: { username, successMessage: result.message, studentAnswers: state.studentAnswers } });
    } catch (error) {
      form.setBusy(false);
      toast.error(SIGNUP_ERROR, error.message);
    }
  }

  return (
    <AuthCard title="Sign Up" onSubmit={submit} busy={form.busy}
      footerQuestion="Already have an account?" footerLink={{ to: "/login", label: "Log In" }}>
      <Field label="Email" name="username" type="email" autoComplete="username" value={values.username}
        onChange={form.set("username")} errors={form.visible("username")} inputRef={form.ref("username")} />
      <PasswordField label="Password" name="password" autoComplete="new-password" value={values.password}
        onChange={form.set("password")} errors={form.visible("password")} inputRef={form.ref("password")}
        describedBy={checklistId} />
      <PasswordChecklist id={checklistId} password={values.password} />
    </AuthCard>
  );
}
