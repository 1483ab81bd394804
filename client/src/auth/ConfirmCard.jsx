import { useNavigate } from "react-router";
import * as api from "../api/client.js";
import { useServices } from "../shell/services.js";
import { AuthCard, useCardForm, useNavigationMessages } from "./AuthCard.jsx";
import { Field } from "./fields.jsx";
import {
  CODE_LENGTH,
  CODE_MESSAGE,
  EMAIL_MESSAGE,
  isCode,
  isEmail,
  RESEND_EMAIL_MESSAGE,
  RESEND_ERROR,
} from "./fieldRules.js";

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

  const submit = form.submitWith(CONFIRM_ERROR, async (values) => {
    const username = values.username.trim();
    const result = await api.confirmAccount({ username, code: values.code });
    navigate("/login", {
      state: { username, successMessage: result.message, studentAnswers: state.studentAnswers },
    });
  });

  // A code that did not arrive or has expired: a new one to the address typed above.
  async function resend() {
    const username = form.values.username.trim();
    if (!isEmail(username)) return toast.error(RESEND_ERROR, RESEND_EMAIL_MESSAGE);
    try {
      const result = await api.resendConfirm({ username });
      toast.success("Confirmation Code Sent", result.message);
    } catch (error) {
      toast.error(RESEND_ERROR, error.message);
    }
  }

  return (
    <AuthCard
      title="Confirm Your Account"
      onSubmit={submit}
      busy={form.busy}
      footerQuestion="Already confirmed?"
      footerLink={{ to: "/login", label: "Log In" }}
      extra={
        <div className="auth-actions">
          <button type="button" className="link-button" onClick={resend}>
            Send a new code
          </button>
        </div>
      }
    >
      <Field label="Email" type="email" autoComplete="username" {...form.field("username")} />
      <Field
        label="Confirmation Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        hint={`The ${CODE_LENGTH}-digit code we e-mailed you.`}
        {...form.field("code")}
      />
    </AuthCard>
  );
}
