import { useId } from "react";
import { useNavigate, useSearchParams } from "react-router";
import * as api from "../api/client.js";
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
  const [params] = useSearchParams();
  useNavigationMessages(RESET_ERROR);
  const form = useCardForm({ password: "", confirm_password: "" }, validate);
  const checklistId = useId();
  const { values } = form;
  const username = params.get("username") || "";

  const submit = form.submitWith(RESET_ERROR, async (values) => {
    const result = await api.resetPassword({ ...values, id: params.get("id") || "", username });
    navigate("/login", { state: { username, successMessage: result.message } });
  });

  return (
    <AuthCard
      title="Reset Password"
      onSubmit={submit}
      busy={form.busy}
      footerQuestion="Remembered your password?"
      footerLink={{ to: "/login", label: "Log In" }}
    >
      {username && (
        <p className="muted">
          Setting a new password for <strong>{username}</strong>.
        </p>
      )}
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        describedBy={checklistId}
        {...form.field("password")}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        {...form.field("confirm_password")}
      />
      <PasswordChecklist
        id={checklistId}
        password={values.password}
        confirm={values.confirm_password}
        withMatch
      />
    </AuthCard>
  );
}
