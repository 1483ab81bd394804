import { t } from "../strings/strings.js";
import { useId } from "react";
import { useNavigate, useSearchParams } from "react-router";
import * as api from "../api/client.js";
import { AuthCard, useCardForm, useNavigationMessages } from "./AuthCard.jsx";
import { PasswordChecklist, PasswordField } from "./fields.jsx";
import { passwordErrors } from "./passwordRules.js";

const RESET_ERROR = "auth_reset_error";

const validate = ({ password, confirm_password }) => ({
  password: passwordErrors(password),
  confirm_password: confirm_password && confirm_password === password ? [] : [t("auth_passwords_must_match")],
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
      title={t("auth_reset_title")}
      onSubmit={submit}
      busy={form.busy}
      footerQuestion={t("auth_remembered")}
      footerLink={{ to: "/login", label: t("auth_login_title") }}
    >
      {username && <p className="muted">{t("auth_setting_password_for", { username })}</p>}
      <PasswordField
        label={t("auth_new_password")}
        autoComplete="new-password"
        describedBy={checklistId}
        {...form.field("password")}
      />
      <PasswordField
        label={t("auth_confirm_password")}
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
