// What the three peer pages share: the converted definition and the fairness check's answer sets
// (written by convert.py), the mapping between the engine's flat answer keys and a peer's nested
// data (add-another entries as arrays of rows), and the `window.bench` handle the benchmark drives.

export async function loadJson(name) {
  const response = await fetch(name);
  if (!response.ok) throw new Error(`${name}: ${response.status}`);
  return response.json();
}

/** Where each engine key sits: top-level, or (group, entry, name) inside an add-another section. */
export function keyMap(questions) {
  const entryKey = new Map(); // `${group}|${entry}|${name}` -> engine key
  const groups = new Map(); // group -> [names]
  for (const q of questions) {
    if (q.group === undefined) continue;
    entryKey.set(`${q.group}|${q.entry}|${q.name}`, q.key);
    if (!groups.has(q.group)) groups.set(q.group, new Set());
    groups.get(q.group).add(q.name);
  }
  return {
    entry: (group, index, name) => entryKey.get(`${group}|${index}|${name}`),
    groups,
    nested(set, convert = (_key, value) => value) {
      const data = {};
      const inEntries = new Set([...entryKey.values()]);
      for (const [key, value] of Object.entries(set.answers)) {
        if (!inEntries.has(key)) data[key] = convert(key, value);
      }
      for (const [group, names] of groups) {
        const rows = [];
        for (let index = 0; index < (set.add_another[group] ?? 1); index += 1) {
          const row = {};
          for (const name of names) {
            const value = set.answers[entryKey.get(`${group}|${index}|${name}`)];
            if (value !== undefined) row[name] = convert(name, value);
          }
          rows.push(row);
        }
        data[group] = rows;
      }
      for (const [group, tab] of Object.entries(set.tabs)) data[group] = tab;
      return data;
    },
  };
}

/** Publish the handle and mark the page ready (the benchmark waits for `window.bench`). */
export function publish(handle) {
  window.bench = handle;
  document.documentElement.dataset.ready = "1";
}

export function crashed(error) {
  window.benchError = String(error?.stack ?? error);
  document.documentElement.dataset.ready = "error";
  console.error(error);
}
