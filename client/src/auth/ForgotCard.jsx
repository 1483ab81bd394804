import { t } from "../strings/strings.js";
import * as api from "../api/client.js";
import { useServices } from "../shell/services.js";
import { AuthCard, useCardForm, useNavigationMessages } from "./AuthCard.jsx";
import { Field } from "./fields.jsx";
import { EMAIL_MESSAGE, isEmail } from "./fieldRules.js";

const FORGOT_ERROR = "auth_forgot_error";

const validate = ({ username }) => ({ username: isEmail(username) ? [] : [t(EMAIL_MESSAGE)] });

export default function ForgotCard() {
  const { toast } = useServices();
  useNavigationMessages(FORGOT_ERROR);
  const form = useCardForm({ username: "" }, validate);

  const submit = form.submitWith(FORGOT_ERROR, async (values) => {
    const result = await api.forgotPassword({ username: values.username.trim() });
    toast.success(t("auth_check_email"), result.message);
  });

  return (
    <AuthCard
      title={t("auth_forgot_title")}
      onSubmit={submit}
      busy={form.busy}
      footerQuestion={t("auth_remembered")}
      footerLink={{ to: "/login", label: t("auth_login_title") }}
    >
      <Field label={t("auth_email")} type="email" autoComplete="username" {...form.field("username")} />
    </AuthCard>
  );
}
