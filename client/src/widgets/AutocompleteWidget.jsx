import { useEffect, useMemo, useRef, useState } from "react";
import { api } from "../form/appBridge.js";
import { t } from "./formStrings.js";
import { debounceMaxWait } from "./debounce.js";
import { clearedParts, fillFromRecord } from "./lookupFill.js";
import { answer, describedBy, widgetContext } from "./common.js";

export const LOOKUP = { wait: 200, maxWait: 500, maxResults: 5 };

/**
 * The search line of an address or school block: what is typed is the answer (free text, offered
 * as "Use: ..."); choosing a suggestion fetches its record and fills the block's parts; clearing
 * the line clears them. A failed lookup is silent: the typed text stays.
 */
export function AutocompleteWidget(props) {
  const { id, value, disabled, readonly, rawErrors, required } = props;
  const { runtime, layout, block } = widgetContext(props);
  const category = block?.autocomplete;
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [results, setResults] = useState([]);
  const [active, setActive] = useState(0);
  const request = useRef(0);
  const text = value ?? "";
  const listId = `${id}__listbox`;

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

  const type = (next) => {
    setActive(0);
    if (!next.trim()) {
      search.cancel();
      request.current += 1;
      setOpen(false);
      setLoading(false);
      setResults([]);
      answer(props, "", block ? clearedParts(block) : null);
      return;
    }
    answer(props, next);
    setOpen(true);
    setLoading(true);
    search(next.trim());
  };

  const choose = async (item) => {
    setOpen(false);
    request.current += 1;
    search.cancel();
    setLoading(false);
    if (item.kind === "use") {
      if (block?.parts.ceeb) runtime.patch({ [block.parts.ceeb.key]: "" });
      return;
    }
    let record = null;
    try {
      record = await api.lookupDetail(category, item.result.id);
    } catch {
      record = null;
    }
    if (record && block) runtime.patch(fillFromRecord(runtime.compiled, block, record));
    else answer(props, String(item.result.text).slice(0, layout.max_length ?? undefined));
  };

  const items = [];
  if (text.trim()) items.push({ kind: "use", label: `${t("autocomplete_use")}${text}` });
  for (const result of results) items.push({ kind: "result", result, label: result.text });

  const keyDown = (event) => {
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
  };

  const optionId = (index) => `${id}__option_${index}`;
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
        aria-activedescendant={showMenu && items[active] ? optionId(active) : undefined}
        value={text}
        maxLength={layout.max_length}
        disabled={disabled || readonly}
        aria-required={required || undefined}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={describedBy(id, layout, rawErrors)}
        onChange={(event) => type(event.target.value)}
        onKeyDown={keyDown}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      {showMenu && (
        <ul id={listId} role="listbox" className="autocomplete-menu" aria-label={layout.label}>
          {items.map((item, index) => (
            <li
              key={item.kind === "use" ? "use" : item.result.id}
              id={optionId(index)}
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
          {loading && (
            <li className="autocomplete-status" role="presentation">
              {t("autocomplete_loading")}
            </li>
          )}
          {!loading && results.length === 0 && (
            <li className="autocomplete-status" role="presentation">
              {t("autocomplete_no_options")}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
