import { t } from "../strings/strings.js";
import { useEffect, useId, useRef } from "react";

const FOCUSABLE = "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])";

/** Shows the <dialog> while `open`: focus moves inside on open and back to the opener on close. */
function useShownDialog(open) {
  const ref = useRef(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return undefined;
    const opener = document.activeElement;
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else {
        // No native modal dialog (jsdom): open it and move focus in as showModal would.
        dialog.setAttribute("open", "");
        dialog.querySelector(FOCUSABLE)?.focus();
      }
    }
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === "function") dialog.close();
        else dialog.removeAttribute("open");
      }
      if (opener?.isConnected) opener.focus?.();
    };
  }, [open]);
  return ref;
}

/**
 * The one modal dialog, on the native <dialog>: labelled by its title, focus moved inside on open
 * and back to the opener on close (or when it is unmounted open), Escape closes.
 * size: small 30rem | medium 60rem | large 80vw (tablet: 30rem, 70vw, 90vw).
 * closeButton: the × in the header; closeOnBackdrop: a press outside the dialog closes it.
 */
export function Modal({
  open,
  title,
  onClose,
  size = "medium",
  children,
  actions,
  closeLabel = t("shell_close"),
  closeButton = true,
  closeOnBackdrop = false,
  role,
}) {
  const ref = useShownDialog(open);
  const titleId = useId();
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
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !onClose) return;
        event.preventDefault(); // closed here, not again by the dialog's own cancel
        event.stopPropagation();
        onClose();
      }}
      onMouseDown={(event) => {
        // The dialog's content fills it, so a press on the dialog itself is on its backdrop.
        if (closeOnBackdrop && event.target === event.currentTarget) onClose?.();
      }}
    >
      {open && (
        <>
          <div className="modal-header">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            {onClose && closeButton && (
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

/** A small dialog closed by its buttons, Escape or a press beside it (no × in its header). */
export function SmallDialog(props) {
  return <Modal open size="small" closeButton={false} closeOnBackdrop {...props} />;
}

/**
 * A small yes/no question: the cancel button (class `cancelClassName`) and the confirm button in
 * danger red; Escape and a press beside it cancel.
 */
export function ConfirmDialog({
  title,
  cancelLabel,
  confirmLabel,
  cancelClassName = "button",
  confirmDisabled,
  onCancel,
  onConfirm,
  children,
}) {
  return (
    <SmallDialog
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className={cancelClassName} onClick={onCancel}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={confirmDisabled}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </SmallDialog>
  );
}
