import { formApp, useFormApp } from "./appBridge.js";
import { STRINGS } from "../widgets/strings.js";

/** Toasts for the form when no shell shows them. */
export function FallbackToasts() {
  const store = formApp();
  const toasts = useFormApp((state) => state.toasts, store);
  if (!toasts.length) return null;
  return (
    <div className="toasts" role="region" aria-label="Notifications">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.severity}`} role={toast.severity === "error" ? "alert" : "status"}>
          <span>{toast.message}</span>
          <button type="button" className="link-button" onClick={() => store.dismissToast(toast.id)}>
            {STRINGS.close}
          </button>
        </div>
      ))}
    </div>
  );
}
