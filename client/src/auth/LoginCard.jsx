import { t } from "../strings/strings.js";
import { useNavigate } from "react-router";
import * as api from "../api/client.js";
import { useServices } from "../shell/services.js";
import { AuthCard, useCardForm, useNavigationMessages } from "./AuthCard.jsx";
import { Field, PasswordField } from "./fields.jsx";
import { startSession } from "./signedIn.js";
import {
  isEmail,
  LOGIN_EMAIL_MESSAGE,
  LOGIN_PASSWORD_MESSAGE,
  RESEND_EMAIL_MESSAGE,
  RESEND_ERROR,
} from "./fieldRules.js";

const LOGIN_ERROR = "auth_login_error";

// The login card checks nothing while typing, only on submit.
const validate = ({ username, password }) => ({
  username: isEmail(username) ? [] : [t(LOGIN_EMAIL_MESSAGE)],
  password: password ? [] : [t(LOGIN_PASSWORD_MESSAGE)],
});

/** Send the confirmation mail again, then /confirm with the server's message. */
async function resendConfirmation(username, { state, toast, navigate }) {
  if (!isEmail(username)) {
    toast.error(t(RESEND_ERROR), t(RESEND_EMAIL_MESSAGE));
    return;
  }
  try {
    const result = await api.resendConfirm({ username });
    navigate("/confirm", {
      state: { username, successMessage: result.message, studentAnswers: state.studentAnswers },
    });
  } catch (error) {
    toast.error(t(RESEND_ERROR), error.message);
  }
}

export default function LoginCard() {
  const navigate = useNavigate();
  const { toast } = useServices();
  const state = useNavigationMessages(LOGIN_ERROR);
  const form = useCardForm({ username: state.username || "", password: "" }, validate, {
    liveValidation: false,
  });
  const { values } = form;

  const submit = form.submitWith(LOGIN_ERROR, async (values) => {
    const result = await api.login({
      ...values,
      username: values.username.trim(),
      studentAnswers: state.studentAnswers,
    });
    startSession(result, state.studentAnswers);
    toast.clear(); // the card's earlier errors are answered
    navigate("/", { replace: true });
  });

  const resend = () => resendConfirmation(values.username.trim(), { state, toast, navigate });

  return (
    <AuthCard
      title={t("auth_login_title")}
      onSubmit={submit}
      busy={form.busy}
      footerQuestion={t("auth_no_account")}
      footerLink={{ to: "/signup", label: t("auth_signup_title") }}
      extra={
        <div className="auth-actions">
          <button type="button" className="link-button" onClick={resend}>
            {t("auth_resend_question")}
          </button>
          <a
            className="link"
            href="/forgot"
            onClick={(e) => {
              e.preventDefault();
              navigate("/forgot");
            }}
          >
            {t("auth_forgot_question")}
          </a>
        </div>
      }
    >
      <Field label={t("auth_email")} type="email" autoComplete="username" {...form.field("username")} />
      <PasswordField label={t("auth_password")} autoComplete="current-password" {...form.field("password")} />
    </AuthCard>
  );
}
