// An application's deliveries, for exporters: each e-mail or webhook with its state, tries and last
// error, and "Send again" for those not delivered (a fresh round of tries). Opened from a row of the
// list; the heading takes the focus so a keyboard or screen-reader user lands on it, Close returns.
import { useCallback, useEffect, useRef, useState } from "react";
import * as api from "./api.js";
import { formatTime } from "./format.js";

const STATE_LABELS = {
  pending: "Pending",
  retrying: "Being tried again",
  failed: "Failed",
  delivered: "Delivered",
};

/** "2 failed, 1 pending" for a row of the list, "" when nothing is left to deliver. */
export function undeliveredText(counts) {
  if (!counts) return "";
  const parts = [];
  if (counts.failed) parts.push(`${counts.failed} failed`);
  if (counts.pending) parts.push(`${counts.pending} pending`);
  return parts.join(", ");
}

export function DeliveriesPanel({ target, onClose, onSignedOut, onRetried }) {
  const [items, setItems] = useState(null);
  const [message, setMessage] = useState("");
  const heading = useRef(null);

  const load = useCallback(() => {
    api.deliveries(target.id).then(
      (found) => setItems(found.items),
      (failure) => (failure.status === 401 ? onSignedOut(failure.message) : setMessage(failure.message)),
    );
  }, [target.id, onSignedOut]);

  useEffect(() => {
    setItems(null);
    setMessage("");
    load();
    heading.current?.focus();
  }, [load]);

  const retry = async () => {
    try {
      setMessage((await api.retryDeliveries(target.id)).message);
      load();
      onRetried();
    } catch (failure) {
      if (failure.status === 401) onSignedOut(failure.message);
      else setMessage(failure.message);
    }
  };

  const open = (items || []).filter((item) => item.state !== "delivered");
  return (
    <section className="staff-panel" aria-labelledby="deliveries-title">
      <h2 id="deliveries-title" tabIndex={-1} ref={heading}>
        Deliveries of {target.who}
      </h2>
      <p className="staff-notice" role="status" aria-live="polite">
        {message}
      </p>
      {items && !items.length && <p className="staff-muted">Nothing is sent for this application.</p>}
      {items && items.length > 0 && <DeliveryList items={items} />}
      <div className="staff-search-actions">
        {open.length > 0 && (
          <button type="button" className="staff-button" onClick={retry}>
            Send again
          </button>
        )}
        <button type="button" className="staff-button staff-button-quiet" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}

function DeliveryList({ items }) {
  return (
    <ul className="staff-deliveries">
      {items.map((item, index) => (
        <li key={index}>
          <strong>{STATE_LABELS[item.state] || item.state}</strong> · {item.kind} to{" "}
          <span className="staff-break">{item.target}</span> · {item.attempts} tr
          {item.attempts === 1 ? "y" : "ies"}
          {item.delivered_at && ` · delivered ${formatTime(item.delivered_at)}`}
          {item.next_attempt_at &&
            item.state !== "delivered" &&
            ` · next ${formatTime(item.next_attempt_at)}`}
          {item.last_error && item.state !== "delivered" && (
            <span className="staff-muted staff-break"> · {item.last_error}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
