import { t } from "../strings/formStrings.js";
import { wordCount } from "../form/validation/words.js";
import { answer, describedBy, fieldAria, useTypedValue, widgetContext } from "./common.js";

/** The counter's words: the words typed against a word limit (counted as the validator counts
 * them), else the characters against the compiled max_length. */
function counterText(layout, text) {
  if (layout.max_words) return t("word_count", { count: wordCount(text), limit: layout.max_words });
  if (layout.min_words) return t("word_count_least", { count: wordCount(text), least: layout.min_words });
  return t("character_count", { count: [...text].length, limit: layout.max_length });
}

/** A text area with its counter: "Words: n / limit" with a word limit, else "Character count: n / limit". */
export function TextareaWidget(props) {
  const value = useTypedValue(props);
  const { id, disabled, readonly, rawErrors, required } = props;
  const { layout } = widgetContext(props);
  const text = value ?? "";
  const counterId = `${id}__count`;
  const described = [describedBy(id, layout, rawErrors), counterId].filter(Boolean).join(" ");
  return (
    <>
      <textarea
        id={id}
        name={layout.key}
        className="input textarea"
        rows={layout.rows ?? 6}
        value={text}
        maxLength={layout.max_length}
        disabled={disabled || readonly}
        {...fieldAria(id, layout, required, rawErrors)}
        aria-describedby={described}
        onChange={(event) => answer(props, event.target.value)}
      />
      <p id={counterId} className="counter" aria-live="polite">
        {counterText(layout, text)}
      </p>
    </>
  );
}

/** The textarea field type: several lines of typed text. */
export const fieldType = { name: "textarea", Widget: TextareaWidget, typedText: true };
