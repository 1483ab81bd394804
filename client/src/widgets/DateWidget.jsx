import { useState } from "react";
import { parseDate } from "../form/validation/keywords.js";
import { answer, widgetContext } from "./common.js";
import { ownMessage } from "./ownMessage.jsx";
import { t } from "../strings/formStrings.js";
import { dateText } from "./moments.js";
import { isAnswered, questionOf, reviewRow, Row } from "./readout.jsx";

const EMPTY = { day: "", month: "", year: "" };
const WRITTEN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD value that names no day of the calendar (31 February, 29 February 2023). */
export function impossibleDate(value) {
  return WRITTEN.test(value ?? "") && !parseDate(value);
}

/** "2008-04-12" -> {day: "12", month: "04", year: "2008"} (an impossible date too); anything else -> empty parts. */
export function dateParts(value) {
  const found = WRITTEN.exec(value ?? "");
  return found ? { day: String(Number(found[3])), month: found[2], year: found[1] } : EMPTY;
}

/**
 * The stored value of the parts: YYYY-MM-DD once all three are given (years 1000 to 9999), else "".
 * An impossible date is stored as given, so it is kept, said wrong and refused, never lost.
 */
export function joinedDate({ day, month, year }) {
  if (!/^\d{1,2}$/.test(day.trim()) || !/^\d{2}$/.test(month) || !/^[1-9]\d{3}$/.test(year.trim())) return "";
  return `${year.trim()}-${month}-${day.trim().padStart(2, "0")}`;
}

/** "--", then January..December in the tenant's words (`month_<n>`), like a compiled option list: [{value, label}]. */
function monthChoices() {
  const months = Array.from({ length: 12 }, (_, index) => ({
    value: String(index + 1).padStart(2, "0"),
    label: t(`month_${index + 1}`),
  }));
  return [{ value: "", label: "--" }, ...months];
}

/**
 * A date entered in three parts, day, month by name and year, so that no applicant reads 03/04 the
 * other way round. A complete entry is stored (YYYY-MM-DD), with the date message at once when it
 * names no day (31 February); an unfinished entry stays on screen with the answer cleared. An
 * answer set elsewhere (loaded, cleared by a rule) replaces it.
 */
export function DateWidget(props) {
  const { id, value, disabled, readonly, rawErrors, required } = props;
  const { layout } = widgetContext(props);
  const stored = value ?? "";
  const [parts, setParts] = useState(() => dateParts(stored));
  const [seen, setSeen] = useState(stored);
  if (seen !== stored) {
    setSeen(stored);
    if (joinedDate(parts) !== stored) setParts(dateParts(stored));
  }
  const change = (name) => (event) => {
    const next = { ...parts, [name]: event.target.value };
    setParts(next);
    const date = joinedDate(next);
    if (date !== stored) answer(props, date);
  };
  const off = disabled || readonly;
  const { aria, list } = ownMessage({
    id,
    layout,
    required,
    rawErrors,
    message: impossibleDate(stored) ? layout.date_message : null,
    name: "date",
  });
  const { "aria-describedby": groupDescribedBy, ...partAria } = aria;
  const shared = { disabled: off, ...partAria };
  const partProps = (name) => ({
    name: `${layout.key}__${name}`,
    value: parts[name],
    onChange: change(name),
    shared,
  });
  return (
    <>
      <div
        id={id}
        className="date-parts"
        role="group"
        aria-labelledby={`${id}__label`}
        aria-describedby={groupDescribedBy}
      >
        <DigitsPart part="day" digits={2} label={t("date_day")} {...partProps("day")} />
        <MonthPart
          name={`${layout.key}__month`}
          value={parts.month}
          onChange={change("month")}
          shared={shared}
        />
        <DigitsPart part="year" digits={4} label={t("date_year")} {...partProps("year")} />
      </div>
      {list}
    </>
  );
}

/** The month, chosen by its name. */
function MonthPart({ name, value, onChange, shared }) {
  return (
    <label className="date-part date-part-month">
      <span className="date-part-label">{t("date_month")}</span>
      <select
        name={name}
        className="input select input-date-month"
        value={value}
        onChange={onChange}
        {...shared}
      >
        {monthChoices().map((month) => (
          <option key={month.value} value={month.value}>
            {month.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The day or the year: digits typed with a numeric keyboard, labelled by its visible name. */
function DigitsPart({ part, digits, label, name, value, onChange, shared }) {
  return (
    <label className="date-part">
      <span className="date-part-label">{label}</span>
      <input
        name={name}
        className={`input input-date-${part}`}
        type="text"
        inputMode="numeric"
        maxLength={digits}
        value={value}
        onChange={onChange}
        {...shared}
      />
    </label>
  );
}

/** The date field type: day, month and year controls named as a group by the question's label; read
 * back (review, print view) in the form's date style, stored as YYYY-MM-DD. */
export const fieldType = {
  name: "date",
  Widget: DateWidget,
  label: "group",
  review(layout, { answers, compiled }) {
    const value = answers[layout.key];
    if (!isAnswered(value)) return [];
    return [{ ...reviewRow(layout, dateText(String(value), compiled?.settings)), dateTime: String(value) }];
  },
  print(layout, value, { compiled }) {
    return (
      <Row label={questionOf(layout)}>
        {value ? <time dateTime={String(value)}>{dateText(String(value), compiled?.settings)}</time> : ""}
      </Row>
    );
  },
};
