// Words in a text, counted as engine/definition/validation.py word_count does: runs of characters
// between the same spelt-out spaces and line breaks, so the counter, the browser's check and the
// server's agree.
const WORD_GAP = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;

export function wordCount(text) {
  if (typeof text !== "string") return null;
  return text.split(WORD_GAP).filter(Boolean).length;
}

export function wordsOk(spec, value) {
  const words = wordCount(value);
  return words === null || (spec.op === "gte" ? words >= spec.count : words <= spec.count);
}
