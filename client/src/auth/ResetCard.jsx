import { useId } from "react";
import { useNavigate, useSearchParams } from "react-router";
import * as api from "../api/client.js";
import { useServices } from "../shell/services.js";
import { AuthCard, useCardForm, useNavigationMessages } from "./AuthCard.jsx";
import { PasswordChecklist, PasswordField } from "./fields.jsx";
import { MESSAGE_MATCH, passwordErrors } from "./passwordRules.js";

export const RESET_ERROR = "Reset Password Card Error";

const validate = ({ password, confirm_password }) => ({
  password: passwordErrors(password),
  confirm_password: confirm_password && confirm_password === password ? [] : [MESSAGE_MATCH],
});

export default function ResetCard() {
  const navigate = useNavigate();
  const { toast } = useServices();
  const [params] = useSearchParams();
  useNavigationMessages(RESET_ERROR);
  const form = useCardForm({ password: "", confirm_password: "" }, validate);
  const checklistId = useId();
  const { values } = form;
  const username = params.get("username") || "";

  async function submit() {
    if (!form.check()) return;
    form.setBusy(true);
    try {
      const result = await api.resetPassword({ ...values, id: params.get("id") || "", username });
      navigate("/login", { state: { username, successMessage: result.message } });
    } catch (error) {
      form.setBusy(false);
      toast.error(RESET_ERROR, error.message);
    }
  }

  return (
    <AuthCard title="Reset Password" onSubmit={submit} busy={form.busy}
      footerQuestion="Remembered your password?" footerLink={{ to: "/login", label: "Log In" }}>
      {username && <p className="muted">Setting a new password for <strong>{username}</strong>.</p>}
      <PasswordField label="New Password" name="password" autoComplete="new-password" value={values.password}
        onChange={form.set("password")} errors={form.visible("password")} inputRef={form.ref("password")}
        describedBy={checklistId} />
      <PasswordField label="Confirm Password" name="confirm_password" autoComplete="new-password"
        value={values.confirm_password} onChange={form.set("confirm_password")}
        errors={form.visible("confirm_password")} inputRef={form.ref("confirm_password")} />
      <PasswordChecklist id={checklistId} password={values.password} confirm={values.confirm_password} withMatch />
    </AuthCard>
  );
}
