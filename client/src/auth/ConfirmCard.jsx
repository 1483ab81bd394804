import { t } from "../strings/strings.js";
import { useNavigate } from "react-router";
import * as api from "../api/client.js";
import { useServices } from "../shell/services.js";
import { AuthCard, useCardForm, useNavigationMessages } from "./AuthCard.jsx";
import { Field } from "./fields.jsx";
import { startSession } from "./signedIn.js";
import {
  CODE_LENGTH,
  CODE_MESSAGE,
  EMAIL_MESSAGE,
  isCode,
  isEmail,
  RESEND_EMAIL_MESSAGE,
  RESEND_ERROR,
} from "./fieldRules.js";

const CONFIRM_ERROR = "auth_confirm_error";

const validate = ({ username, code }) => ({
  username: isEmail(username) ? [] : [EMAIL_MESSAGE],
  code: isCode(code) ? [] : [t(CODE_MESSAGE, { digits: CODE_LENGTH })],
});

export default function ConfirmCard() {
  const navigate = useNavigate();
  const { toast } = useServices();
  const state = useNavigationMessages(CONFIRM_ERROR);
  const form = useCardForm({ username: state.username || "", code: "" }, validate);

  const submit = form.submitWith(CONFIRM_ERROR, async (values) => {
    const username = values.username.trim();
    const result = await api.confirmAccount({ username, code: values.code });
    if (!result.username) {
      // Confirmed before: the code signs nobody in, so the login card takes over.
      navigate("/login", {
        state: { username, successMessage: result.message, studentAnswers: state.studentAnswers },
      });
      return;
    }
    // The code confirmed the account and signed it in: straight to the form.
    startSession(result, state.studentAnswers);
    toast.clear();
    toast.success(t("auth_success"), result.message);
    navigate("/", { replace: true });
  });

  // A code that did not arrive or has expired: a new one to the address typed above.
  async function resend() {
    const username = form.values.username.trim();
    if (!isEmail(username)) return toast.error(t(RESEND_ERROR), t(RESEND_EMAIL_MESSAGE));
    try {
      const result = await api.resendConfirm({ username });
      toast.success(t("auth_code_sent"), result.message);
    } catch (error) {
      toast.error(t(RESEND_ERROR), error.message);
    }
  }

  return (
    <AuthCard
      title={t("auth_confirm_title")}
      onSubmit={submit}
      busy={form.busy}
      footerQuestion={t("auth_already_confirmed")}
      footerLink={{ to: "/login", label: t("auth_login_title") }}
      extra={
        <div className="auth-actions">
          <button type="button" className="link-button" onClick={resend}>
            {t("auth_send_new_code")}
          </button>
        </div>
      }
    >
      <Field label={t("auth_email")} type="email" autoComplete="username" {...form.field("username")} />
      <Field
        label={t("auth_code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        hint={t("auth_code_hint", { digits: CODE_LENGTH })}
        {...form.field("code")}
      />
    </AuthCard>
  );
}
