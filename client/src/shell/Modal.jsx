import { t } from "../widgets/strings.js";
import { useEffect, useId, useRef } from "react";

/**
 * A modal dialog on the native <dialog> (focus kept inside, Escape closes, focus returns to the
 * opener). size: small 30rem | medium 60rem | large 80vw (tablet: 30rem, 70vw, 90vw).
 */
export function Modal({
  open,
  title,
  onClose,
  size = "medium",
  children,
  actions,
  closeLabel = t("shell_close"),
  role,
}) {
  const ref = useRef(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    } else if (!open && dialog.open) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      aria-labelledby={titleId}
      role={role}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
    >
      {open && (
        <>
          <div className="modal-header">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            {onClose && (
              <button type="button" className="icon-button" aria-label={closeLabel} onClick={onClose}>
                ×
              </button>
            )}
          </div>
          <div className="modal-body">{children}</div>
          {actions && <div className="modal-actions">{actions}</div>}
        </>
      )}
    </dialog>
  );
}
