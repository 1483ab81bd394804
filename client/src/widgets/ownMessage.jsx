import { errorId, fieldAria } from "./common.js";

/**
 * A message a widget says itself, at once, about what it keeps (a number beyond its mask, 31
 * February) before any validation runs: the input's ARIA state to spread and the list to show.
 * `message` null (or already among the errors shown) says nothing more.
 */
export function ownMessage({ id, layout, required, rawErrors, message, name }) {
  const aria = fieldAria(id, layout, required, rawErrors);
  if (!message || rawErrors?.includes(message)) return { aria, list: null };
  const listId = `${errorId(id)}-${name}`;
  const describedBy = [aria["aria-describedby"], listId].filter(Boolean).join(" ");
  const list = (
    <ul id={listId} className="field-errors" role="alert">
      <li>{message}</li>
    </ul>
  );
  return { aria: { ...aria, "aria-invalid": true, "aria-describedby": describedBy }, list };
}
