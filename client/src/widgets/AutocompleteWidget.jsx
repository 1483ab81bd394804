import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "../form/appBridge.js";
import { t } from "../strings/formStrings.js";
import { debounceMaxWait } from "./debounce.js";
import { clearedParts, fillFromRecord } from "./lookupFill.js";
import { answer, fieldAria, widgetContext } from "./common.js";

export const LOOKUP = { wait: 200, maxWait: 500, maxResults: 5 };

/**
 * Suggestions for what is typed: searched after a pause (at the latest after LOOKUP.maxWait), the
 * newest search's answer wins, and a failed lookup is silent (no suggestions; the typed text stays).
 */
function useLookup(category) {
  const [loading, setLoading] = useState(false);
  const [results, setResults] = useState([]);
  const request = useRef(0);
  const search = useMemo(
    () =>
      debounceMaxWait(
        async (query) => {
          const mine = ++request.current;
          let found = [];
          try {
            const answer = await api.lookupFind(category, query, LOOKUP.maxResults);
            found = Array.isArray(answer) ? answer.slice(0, LOOKUP.maxResults) : [];
          } catch {
            found = []; // silent fallback: the typed text stays the answer
          }
          if (mine === request.current) {
            setResults(found);
            setLoading(false);
          }
        },
        LOOKUP.wait,
        LOOKUP.maxWait,
      ),
    [category],
  );
  useEffect(() => () => search.cancel(), [search]);
  const start = (query) => {
    setLoading(true);
    search(query);
  };
  /** No search waits or counts any more (one in flight is ignored when it answers). */
  const stop = () => {
    search.cancel();
    request.current += 1;
    setLoading(false);
  };
  const clear = () => {
    stop();
    setResults([]);
  };
  return { loading, results, start, stop, clear };
}

/** The combobox keys: arrows move through the options (ArrowDown opens), Enter chooses, Escape closes. */
function comboKeyDown(event, { open, setOpen, text, items, active, setActive, choose }) {
  if (!open && event.key === "ArrowDown" && text.trim()) {
    setOpen(true);
    return;
  }
  if (!open) return;
  if (event.key === "ArrowDown") {
    event.preventDefault();
    setActive((index) => Math.min(items.length - 1, index + 1));
  } else if (event.key === "ArrowUp") {
    event.preventDefault();
    setActive((index) => Math.max(0, index - 1));
  } else if (event.key === "Enter") {
    if (items[active]) {
      event.preventDefault();
      choose(items[active]);
    }
  } else if (event.key === "Escape") {
    setOpen(false);
  }
}

function AutocompleteMenu({ id, listId, label, items, active, lookup, choose }) {
  return (
    <ul id={listId} role="listbox" className="autocomplete-menu" aria-label={label}>
      {items.map((item, index) => (
        <li
          key={item.kind === "use" ? "use" : item.result.id}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          className={index === active ? "autocomplete-option active" : "autocomplete-option"}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(item)}
        >
          <span>{item.label}</span>
          {item.kind === "result" && item.result.sub_text && (
            <span className="sub-text">{item.result.sub_text}</span>
          )}
        </li>
      ))}
      {lookup.loading && (
        <li className="autocomplete-status" role="presentation">
          {t("autocomplete_loading")}
        </li>
      )}
      {!lookup.loading && lookup.results.length === 0 && (
        <li className="autocomplete-status" role="presentation">
          {t("autocomplete_no_options")}
        </li>
      )}
    </ul>
  );
}

const optionId = (id, index) => `${id}__option_${index}`;

/** The menu's options: the typed text itself ("Use: ..."), then the suggestions. */
function menuItems(text, results) {
  const items = [];
  if (text.trim()) items.push({ kind: "use", label: `${t("autocomplete_use")}${text}` });
  for (const result of results) items.push({ kind: "result", result, label: result.text });
  return items;
}

/** A suggestion chosen: its record fills the block's parts (without one, its text is the answer). */
async function fillFromSuggestion(props, { runtime, layout, block, category }, result) {
  let record = null;
  try {
    record = await api.lookupDetail(category, result.id);
  } catch {
    record = null;
  }
  if (record && block) runtime.patch(fillFromRecord(runtime.compiled, block, record, props.searchFrom));
  else answer(props, String(result.text).slice(0, layout.max_length ?? undefined));
}

/** The search line's state: the menu open or not, the active option, the lookup, typing and choosing. */
function useSearchLine(props) {
  const context = widgetContext(props);
  const { runtime, block } = context;
  const category = block?.autocomplete;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const lookup = useLookup(category);

  const type = (next) => {
    setActive(0);
    if (!next.trim()) {
      lookup.clear();
      setOpen(false);
      answer(props, "", block ? clearedParts(block) : null);
      return;
    }
    answer(props, next);
    setOpen(true);
    lookup.start(next.trim());
  };

  const choose = async (item) => {
    setOpen(false);
    lookup.stop();
    if (item.kind === "use") {
      if (block?.parts.ceeb) runtime.patch({ [block.parts.ceeb.key]: "" });
      return;
    }
    await fillFromSuggestion(props, { ...context, category }, item.result);
  };
  return { open, setOpen, active, setActive, lookup, type, choose };
}

/**
 * The search line of an address or school block: what is typed is the answer (free text, offered
 * as "Use: ..."); choosing a suggestion fetches its record and fills the block's parts; clearing
 * the line clears them. A failed lookup is silent: the typed text stays.
 */
export function AutocompleteWidget(props) {
  const { id, value, disabled, readonly, rawErrors, required } = props;
  const { layout } = widgetContext(props);
  const { open, setOpen, active, setActive, lookup, type, choose } = useSearchLine(props);
  const text = value ?? "";
  const listId = `${id}__listbox`;

  const items = menuItems(text, lookup.results);
  const keys = { open, setOpen, text, items, active, setActive, choose };
  const showMenu = open && !disabled && !readonly;
  return (
    <div className="autocomplete">
      <input
        id={id}
        name={layout.key}
        className="input"
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder={t("autocomplete_placeholder")}
        aria-autocomplete="list"
        aria-expanded={showMenu}
        aria-controls={listId}
        aria-activedescendant={showMenu && items[active] ? optionId(id, active) : undefined}
        value={text}
        maxLength={layout.max_length}
        disabled={disabled || readonly}
        {...fieldAria(id, layout, required, rawErrors)}
        onChange={(event) => type(event.target.value)}
        onKeyDown={(event) => comboKeyDown(event, keys)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {showMenu && (
        <AutocompleteMenu
          id={id}
          listId={listId}
          label={layout.label}
          items={items}
          active={active}
          lookup={lookup}
          choose={choose}
        />
      )}
    </div>
  );
}
