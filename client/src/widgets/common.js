// Small helpers every widget shares: ids for descriptions and errors, and option lists.
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

/** The compiled option list by id ([{value, label}], the first being {"", "--"}). */
export function optionList(compiled, listId) {
  return compiled?.options?.[listId]?.options ?? [{ value: "", label: "--" }];
}

export function labelOf(options, value) {
  return options.find((option) => option.value === value)?.label ?? "";
}

/** The widget's compiled layout and the form runtime, from RJSF's props. */
export function widgetContext(props) {
  return { layout: props.options?.layout ?? {}, block: props.options?.block ?? null, runtime: props.registry?.formContext ?? {} };
}
