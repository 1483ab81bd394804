// File checks before any upload, with the compiled form's messages (engine/definition/files.py).
export function extension(fileName) {
  return fileName.includes(".") ? fileName.split(".").pop().toLowerCase() : "";
}

export function fileProblems(rules, fileName, size) {
  const problems = [];
  if (!rules.types.includes(extension(fileName))) problems.push(rules.messages.wrong_type);
  if (size <= 0) problems.push(rules.messages.empty);
  else if (size > rules.max_bytes) problems.push(rules.messages.too_large);
  if ([...fileName].length > rules.max_name_length) problems.push(rules.messages.name_too_long);
  return problems;
}
