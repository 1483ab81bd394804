// Status: the entry's messages (an expired draft link), a logged-in user with no status started,
// and following a newer version of the form than the one shown.
import { useCallback, useEffect } from "react";
import * as api from "../../api/client.js";
import { forgetCached, updateSnapshot } from "../sessionStore.js";
import { t } from "../../strings/formStrings.js";

export function useStatus({ entry, ready, loggedIn, snapshot, retry, toast }) {
  const webStatus = snapshot.web_status;
  useEffect(() => {
    if (entry.status === "ready" && entry.draftError)
      toast.error(t("shell_saved_answer_error"), entry.draftError.message);
  }, [entry, toast]);

  // A logged-in user with no status gets started.
  useEffect(() => {
    if (ready && loggedIn && webStatus === null) {
      updateSnapshot({ web_status: "started" });
      api.postWebStatus("started").catch(() => {});
    }
  }, [ready, loggedIn, webStatus]);

  // A save answered by a newer version of the form than the one shown (the author published one):
  // load the form and the moved answers again; what the applicant typed is kept (saved, or pending).
  const shownVersion = entry.profile?.definition_version;
  const followVersion = useCallback(
    (version) => {
      if (!version || !shownVersion || version === shownVersion) return;
      forgetCached("form", "profile", "tabs", "add-another");
      toast.add({ severity: "info", title: t("new_version_title"), message: t("new_version_text") });
      retry();
    },
    [shownVersion, toast, retry],
  );
  return { followVersion };
}
