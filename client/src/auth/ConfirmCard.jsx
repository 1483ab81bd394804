import { useNavigate } from "react-router";
import * as api from "../api/client.js";
import { useServices } from "../shell/services.js";
import { AuthCard, useCardForm, useNavigationMessages } from "./AuthCard.jsx";
import { Field } from "./fields.jsx";
import { CODE_LENGTH, CODE_MESSAGE, EMAIL_MESSAGE, isCode, isEmail } from "./fieldRules.js";

export const CONFIRM_ERROR = "Confirm Card Error";

const validate = ({ username, code }) => ({
  username: isEmail(username) ? [] : [EMAIL_MESSAGE],
  code: isCode(code) ? [] : [CODE_MESSAGE],
});

export default function ConfirmCard() {
  const navigate = useNavigate();
  const { toast } = useServices();
  const state = useNavigationMessages(CONFIRM_ERROR);
  const form = useCardForm({ username: state.username || "", code: "" }, validate);
  const { values } = form;

  async function submit() {
    if (!form.check()) return;
    form.setBusy(true);
    const username = values.username.trim();
    try {
      const result = await api.confirmAccount({ username, code: values.code });
      navigate("/login", { state: { username, successMessage: result.message, studentAnswers: state.studentAnswers } });
    } catch (error) {
      form.setBusy(false);
      toast.error(CONFIRM_ERROR, error.message);
    }
  }

  return (
    <AuthCard title="Confirm Your Account" onSubmit={submit} busy={form.busy}
      footerQuestion="Already confirmed?" footerLink={{ to: "/login", label: "Log In" }}>
      <Field label="Email" name="username" type="email" autoComplete="username" value={values.username}
        onChange={form.set("username")} errors={form.visible("username")} inputRef={form.ref("username")} />
      <Field label="Confirmation Code" name="code" inputMode="numeric" autoComplete="one-time-code"
        maxLength={CODE_LENGTH} hint={`The ${CODE_LENGTH}-digit code we e-mailed you.`} value={values.code}
        onChange={form.set("code")} errors={form.visible("code")} inputRef={form.ref("code")} />
    </AuthCard>
  );
}
