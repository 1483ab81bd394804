// Small helpers every widget shares: ids for descriptions and errors, and option lists.
import { useRuntimeAnswer } from "./runtime.js";

export function helpId(id) {
  return `${id}__help`;
}

export function errorId(id) {
  return `${id}__error`;
}

/** aria-describedby for an input: its help text and its errors, when present. */
export function describedBy(id, layout, rawErrors) {
  const ids = [];
  if (layout?.help) ids.push(helpId(id));
  if (rawErrors?.length) ids.push(errorId(id));
  return ids.length ? ids.join(" ") : undefined;
}

/** The ARIA state of a question's input, to spread on it: required, invalid while it has errors,
 * described by its help text and those errors. */
export function fieldAria(id, layout, required, errors) {
  return {
    "aria-required": required || undefined,
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy(id, layout, errors),
  };
}

/** The compiled option list by id ([{value, label}], the first being {"", "--"}). */
export function optionList(compiled, listId) {
  return compiled?.options?.[listId]?.options ?? [{ value: "", label: "--" }];
}

export function labelOf(options, value) {
  return options.find((option) => option.value === value)?.label ?? "";
}

/** The widget's compiled layout and the form runtime, from RJSF's props. */
export function widgetContext(props) {
  return {
    layout: props.options?.layout ?? {},
    block: props.options?.block ?? null,
    runtime: props.registry?.formContext ?? {},
  };
}

/**
 * Set this question's answer (and any companion keys) in one change through the page, which also
 * applies what the change clears. Falls back to RJSF's onChange outside a form page.
 */
export function answer(props, value, extra = null) {
  const { layout, runtime } = widgetContext(props);
  if (runtime.patch && layout.key) runtime.patch({ [layout.key]: value, ...(extra || {}) });
  else props.onChange(value);
}

/**
 * The value a typed-text widget shows: on a form page its own subscription to the answer (the page
 * leaves typed text out of its sections' signatures, so a keystroke re-renders only this input),
 * elsewhere RJSF's value.
 */
export function useTypedValue(props) {
  const { layout, runtime } = widgetContext(props);
  const own = Boolean(runtime.subscribe && layout.key);
  const value = useRuntimeAnswer(own ? runtime : {}, own ? layout.key : undefined);
  return own ? value : props.value;
}
