import { t } from "../strings/formStrings.js";
import { useState } from "react";
import { Markdown } from "../widgets/Markdown.jsx";
import { Modal } from "./Modal.jsx";

/** The footer: the institution's address and phone, the tenant's text, Help and Privacy modals. */
export function Footer({ compiled }) {
  const [modal, setModal] = useState(null);
  const settings = compiled.settings || {};
  const modals = compiled.modals || {};
  const phone = settings.phone;
  const current = modal && modals[modal];
  return (
    <footer className="footer">
      <div className="footer-inner">
        {settings.postal_address?.length > 0 && (
          <address>
            {settings.postal_address.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
            {phone && <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>}
          </address>
        )}
        <div className="footer-links">
          {modals.help && (
            <button type="button" className="link-button" onClick={() => setModal("help")}>
              {t("shell_help")}
            </button>
          )}
          {modals.privacy && (
            <button type="button" className="link-button" onClick={() => setModal("privacy")}>
              {t("shell_privacy")}
            </button>
          )}
        </div>
        {compiled.footer?.text && <Markdown className="footer-text" text={compiled.footer.text} />}
      </div>
      <Modal
        open={Boolean(current)}
        title={current?.title}
        onClose={() => setModal(null)}
        size="medium"
        actions={
          <button type="button" className="button" onClick={() => setModal(null)}>
            {t("shell_close")}
          </button>
        }
      >
        {current && <Markdown text={current.body} />}
      </Modal>
    </footer>
  );
}
