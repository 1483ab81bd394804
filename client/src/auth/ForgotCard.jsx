import * as api from "../api/client.js";
import { useServices } from "../shell/services.js";
import { AuthCard, useCardForm, useNavigationMessages } from "./AuthCard.jsx";
import { Field } from "./fields.jsx";
import { EMAIL_MESSAGE, isEmail } from "./fieldRules.js";

export const FORGOT_ERROR = "Forgot Password Card Error";

const validate = ({ username }) => ({ username: isEmail(username) ? [] : [EMAIL_MESSAGE] });

export default function ForgotCard() {
  const { toast } = useServices();
  useNavigationMessages(FORGOT_ERROR);
  const form = useCardForm({ username: "" }, validate);

  const submit = form.submitWith(FORGOT_ERROR, async (values) => {
    const result = await api.forgotPassword({ username: values.username.trim() });
    toast.success("Check Your Email", result.message);
  });

  return (
    <AuthCard
      title="Forgot Password"
      onSubmit={submit}
      busy={form.busy}
      footerQuestion="Remembered your password?"
      footerLink={{ to: "/login", label: "Log In" }}
    >
      <Field label="Email" type="email" autoComplete="username" {...form.field("username")} />
    </AuthCard>
  );
}
