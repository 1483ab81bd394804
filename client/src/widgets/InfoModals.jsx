import { useState } from "react";
import { Markdown } from "./Markdown.jsx";
import { Modal } from "./Modal.jsx";
import { t } from "./formStrings.js";

/** A footer link that opens one of the compiled form's modals (help: "Technical Help", privacy). */
export function InfoModalLink({ modal, className = "link-button" }) {
  const [open, setOpen] = useState(false);
  if (!modal) return null;
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {modal.title}
      </button>
      {open && (
        <Modal
          title={modal.title}
          size="large"
          onClose={() => setOpen(false)}
          actions={
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t("shell_close")}
            </button>
          }
        >
          <Markdown text={modal.body} />
        </Modal>
      )}
    </>
  );
}

/** The help and privacy modals of the compiled form, for the footer. */
export function InfoModals({ compiled }) {
  return (
    <span className="info-modals">
      <InfoModalLink modal={compiled?.modals?.help} />
      <InfoModalLink modal={compiled?.modals?.privacy} />
    </span>
  );
}
