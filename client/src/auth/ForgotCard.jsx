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

  async function submit() {
    if (!form.check()) return;
    form.setBusy(true);
    try {
      const result = await api.forgotPassword({ username: form.values.username.trim() });
      toast.success("Check Your Email", result.message);
    } catch (error) {
      toast.error(FORGOT_ERROR, error.message);
    } finally {
      form.setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot Password" onSubmit={submit} busy={form.busy}
      footerQuestion="Remembered your password?" footerLink={{ to: "/login", label: "Log In" }}>
      <Field label="Email" name="username" type="email" autoComplete="username" value={form.values.username}
        onChange={form.set("username")} errors={form.visible("username")} inputRef={form.ref("username")} />
    </AuthCard>
  );
}
