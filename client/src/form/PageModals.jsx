// The page's two dialogs: the confirm before a change clears answers, and the notice that a file is
// still uploading or converting (a tab with it cannot be left yet).
import { useState } from "react";
import { t } from "../widgets/formStrings.js";
import { Modal } from "../shell/Modal.jsx";

// Both are small, closed by their buttons, Escape or a click beside them.
const SMALL_DIALOG = { open: true, size: "small", closeButton: false, closeOnBackdrop: true };

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
    <Modal
      {...SMALL_DIALOG}
      title={t("clear_title")}
      onClose={() => closeClear(false)}
      actions={
        <>
          <button type="button" className="button" onClick={() => closeClear(false)}>
            {t("clear_cancel")}
          </button>
          <button type="button" className="button button-danger" onClick={() => closeClear(true)}>
            {t("clear_confirm")}
          </button>
        </>
      }
    >
      <p>{t("clear_text")}</p>
      <ul className="clear-list">
        {pendingClear.items.map((item) => (
          <li key={item.key}>{item.label}</li>
        ))}
      </ul>
    </Modal>
  );
}

export function BusyNotice({ onClose }) {
  return (
    <Modal
      {...SMALL_DIALOG}
      title={t("file_in_progress_title")}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t("form_ok")}
        </button>
      }
    >
      <p>{t("file_in_progress_text")}</p>
    </Modal>
  );
}
