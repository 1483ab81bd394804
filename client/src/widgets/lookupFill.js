import { labelOf, optionList } from "./common.js";

/**
 * The answers a chosen lookup record fills in a block's parts (selects only with a known value);
 * `searchFrom` names the record's field for the search part (the block's type says which).
 */
export function fillFromRecord(compiled, block, record, searchFrom) {
  const patch = {};
  const source = {
    search: record[searchFrom],
    line1: record.address_line_1,
    ceeb: record.ceeb,
    city: record.city,
    state: record.state,
    zip: record.zip,
    country: record.country,
  };
  const country = block.parts.country ? (source.country ?? "") : "";
  for (const [role, part] of Object.entries(block.parts)) {
    if (!(role in source)) continue;
    const value = source[role] ?? "";
    if (part.options || part.options_by) {
      const listId = part.options_by ? part.options_by.options[country] : part.options;
      const options = listId ? optionList(compiled, listId) : [];
      const known = options.some((option) => option.value === value) ? value : "";
      patch[part.key] = known;
      if (part.desc_key) patch[part.desc_key] = known ? labelOf(options, known) : "";
    } else {
      patch[part.key] = String(value).slice(0, part.max_length ?? undefined);
    }
  }
  return patch;
}

/** Every part of a block cleared (and their `_desc` companions). */
export function clearedParts(block) {
  const patch = {};
  for (const part of Object.values(block.parts)) {
    patch[part.key] = "";
    if (part.desc_key) patch[part.desc_key] = "";
  }
  return patch;
}
