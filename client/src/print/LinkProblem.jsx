import { t } from "../strings/strings.js";

/**
 * What a print-view link that no longer works opens (invalid, expired or revoked): says the link
 * is the problem and how to get a new one; no sign-in form, no applicant login.
 */
export function LinkProblem() {
  return (
    <div className="status status-error link-problem" role="alert">
      <h1>{t("service_link_title")}</h1>
      <p>{t("service_link_problem")}</p>
    </div>
  );
}
