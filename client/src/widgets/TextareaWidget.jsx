import { t } from "../strings/formStrings.js";
import { answer, describedBy, fieldAria, useTypedValue, widgetContext } from "./common.js";

/** A text area with the counter "Character count: n / limit" (limit: the compiled max_length). */
export function TextareaWidget(props) {
  const value = useTypedValue(props);
  const { id, disabled, readonly, rawErrors, required } = props;
  const { layout } = widgetContext(props);
  const text = value ?? "";
  const count = [...text].length;
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
        {t("character_count", { count: count, limit: layout.max_length })}
      </p>
    </>
  );
}

/** The textarea field type: several lines of typed text. */
export const fieldType = { name: "textarea", Widget: TextareaWidget, typedText: true };
