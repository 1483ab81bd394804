// The page's two dialogs: the confirm before a change clears answers, and the notice that a file is
// still uploading or converting (a tab with it cannot be left yet).
import { useState } from "react";
import { t } from "../strings/formStrings.js";
import { ConfirmDialog, SmallDialog } from "../shell/Modal.jsx";

/**
 * A change that would clear answers waits for the applicant's yes: askBeforeClearing(items) shows
 * what would be cleared and resolves true when they agree, false when they keep it; `pendingClear`
 * ({items, resolve}) is what the confirm shows, closeClear(yes) answers it.
 */
export function useClearConfirm() {
  const [pendingClear, setPendingClear] = useState(null);
  const askBeforeClearing = (items) => new Promise((resolve) => setPendingClear({ items, resolve }));
  const closeClear = (yes) => {
    pendingClear?.resolve(yes);
    setPendingClear(null);
  };
  return { pendingClear, askBeforeClearing, closeClear };
}

export function ClearConfirm({ pendingClear, closeClear }) {
  return (
    <ConfirmDialog
      title={t("clear_title")}
      cancelLabel={t("clear_cancel")}
      confirmLabel={t("clear_confirm")}
      onCancel={() => closeClear(false)}
      onConfirm={() => closeClear(true)}
    >
      <p>{t("clear_text")}</p>
      <ul className="clear-list">
        {pendingClear.items.map((item) => (
          <li key={item.key}>{item.label}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}

export function BusyNotice({ onClose }) {
  return (
    <SmallDialog
      title={t("file_in_progress_title")}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t("form_ok")}
        </button>
      }
    >
      <p>{t("file_in_progress_text")}</p>
    </SmallDialog>
  );
}
