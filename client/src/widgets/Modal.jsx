import { useEffect, useId, useRef } from "react";

/** A modal dialog: labelled by its title, focus moved inside on open and back on close, Escape closes. */
export function Modal({ title, children, actions, onClose, size = "small" }) {
  const titleId = useId();
  const dialog = useRef(null);
  useEffect(() => {
    const before = document.activeElement;
    const first = dialog.current?.querySelector(
      "button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])",
    );
    (first || dialog.current)?.focus();
    return () => before?.focus?.();
  }, []);
  const keyDown = (event) => {
    if (event.key === "Escape" && onClose) {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <div
      className="fe-modal-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && onClose?.()}
    >
      <div
        ref={dialog}
        className={`fe-modal fe-modal-${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={keyDown}
      >
        <h2 id={titleId} className="fe-modal-title">
          {title}
        </h2>
        <div className="fe-modal-body">{children}</div>
        {actions && <div className="fe-modal-actions">{actions}</div>}
      </div>
    </div>
  );
}
