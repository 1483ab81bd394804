import { t } from "../strings/strings.js";
import { LOADING_SIZES } from "./constants.js";

/** Loading indicators: type spinner | circles, size small | medium | large (0.4rem, 0.8rem, 2rem). */
export function LoadingIndicator({ type = "spinner", size = "medium", label, inline = false }) {
  const style = { "--loading-size": LOADING_SIZES[size] ?? LOADING_SIZES.medium };
  return (
    <span className={`loading loading-${type}${inline ? " loading-inline" : ""}`} role="status" style={style}>
      {type === "circles" ? (
        <span className="loading-circles" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      ) : (
        <span className="loading-spinner" aria-hidden="true" />
      )}
      <span className={inline ? "visually-hidden" : "loading-label"}>{label ?? t("shell_loading")}</span>
    </span>
  );
}

/** A whole-area loading state. */
export function Loading({ label }) {
  return (
    <div className="status">
      <LoadingIndicator type="circles" size="large" label={label ?? t("shell_loading_form")} />
    </div>
  );
}

export function LoadError({ message, onRetry }) {
  return (
    <div className="status status-error" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t("shell_try_again")}
        </button>
      )}
    </div>
  );
}
