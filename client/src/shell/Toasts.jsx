import { t } from "../strings/strings.js";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { isSwipeDismiss, TOAST_HOTKEY } from "./toastStore.js";

/** The toast viewport: a labelled region (F8 focuses it); each toast can be closed or swiped away. */
export function ToastViewport({ store }) {
  const toasts = useSyncExternalStore(store.subscribe, store.get, store.get);
  const region = useRef(null);

  useEffect(() => {
    const onKey = (event) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section ref={region} className="toasts" aria-label={`Notifications (${TOAST_HOTKEY})`} tabIndex={-1}>
      <ol>
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onClose={() => store.dismiss(toast.id)} />
        ))}
      </ol>
    </section>
  );
}

function Toast({ toast, onClose }) {
  const start = useRef(null);
  const item = useRef(null);
  const move = (x) => {
    if (start.current === null || !item.current) return;
    item.current.style.transform = `translateX(${x - start.current}px)`;
  };
  const end = (x) => {
    if (start.current === null) return;
    const dx = x - start.current;
    start.current = null;
    if (isSwipeDismiss(dx)) onClose();
    else if (item.current) item.current.style.transform = "";
  };
  return (
    <li
      ref={item}
      className={`toast toast-${toast.severity}`}
      onPointerDown={(e) => (start.current = e.clientX)}
      onPointerMove={(e) => move(e.clientX)}
      onPointerUp={(e) => end(e.clientX)}
      onPointerCancel={() => end(start.current ?? 0)}
    >
      {/* The live role sits inside the list item: a list holds only list items. */}
      <div className="toast-body" role={toast.severity === "error" ? "alert" : "status"} aria-atomic="true">
        <p className="toast-title">{toast.title}</p>
        {toast.message && <p className="toast-message">{toast.message}</p>}
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label={t("shell_close_toast", { title: toast.title })}
        onClick={onClose}
      >
        ×
      </button>
    </li>
  );
}
