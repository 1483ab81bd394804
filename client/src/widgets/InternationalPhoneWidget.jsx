import { useMemo, useState } from "react";
import { answer, fieldAria, widgetContext } from "./common.js";
import { t } from "../strings/formStrings.js";

const NO_CODES = [];

/** The calling code a typed number begins with: "+44 20…" -> "44" (codes are a prefix code). */
export function typedCallingCode(codes, text) {
  const digits = /^\+([0-9]{1,3})/.exec(String(text ?? "").trimStart())?.[1] ?? "";
  for (let length = 1; length <= digits.length; length += 1) {
    const code = digits.slice(0, length);
    if (codes.some(([known]) => known === code)) return code;
  }
  return "";
}

/** The number with its calling code replaced (or put in front): what choosing a country does. */
export function withCallingCode(codes, text, code) {
  const typed = String(text ?? "").trimStart();
  const current = typedCallingCode(codes, typed);
  const rest = current ? typed.slice(1 + current.length).trimStart() : typed.replace(/^\+/, "");
  if (!code) return rest;
  return rest ? `+${code} ${rest}` : `+${code} `;
}

function regionNames() {
  try {
    const names = new Intl.DisplayNames([globalThis.document?.documentElement?.lang || "en"], {
      type: "region",
    });
    return (region) => names.of(region) || region;
  } catch {
    return (region) => region;
  }
}

/** Every region with its calling code, by name: [{region, code, label}]. */
function countryChoices(codes) {
  const nameOf = regionNames();
  return codes
    .flatMap(([code, regions]) => regions.map((region) => ({ region, code, name: nameOf(region) })))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((choice) => ({ ...choice, label: `${choice.name} (+${choice.code})` }));
}

/**
 * An international phone number, kept exactly as the applicant types it ("+44 20 7946 0958"). The
 * country list beside it shows the calling code the number begins with, and choosing a country
 * puts its code in front of the number. The engine checks it as E.164 (tests/golden).
 */
export function InternationalPhoneWidget(props) {
  const { id, value, disabled, readonly, rawErrors, required } = props;
  const { layout, runtime } = widgetContext(props);
  const codes = runtime.compiled?.calling_codes ?? NO_CODES;
  const choices = useMemo(() => countryChoices(codes), [codes]);
  const [chosen, setChosen] = useState("");
  const code = typedCallingCode(codes, value);
  // The country the applicant picked while its code still leads the number, else the code's main region.
  const shown = choices.find((choice) => choice.region === chosen && choice.code === code)
    ? chosen
    : (codes.find(([known]) => known === code)?.[1][0] ?? "");
  const off = disabled || readonly;
  return (
    <div className="intl-phone">
      <select
        className="input select intl-phone-country"
        aria-label={`${layout.label}: ${t("phone_country")}`}
        value={shown}
        disabled={off}
        onChange={(event) => {
          const choice = choices.find((candidate) => candidate.region === event.target.value);
          setChosen(choice?.region ?? "");
          answer(props, withCallingCode(codes, value, choice?.code ?? ""));
        }}
      >
        <option value="">{t("phone_country")}</option>
        {choices.map((choice) => (
          <option key={choice.region} value={choice.region}>
            {choice.label}
          </option>
        ))}
      </select>
      <input
        id={id}
        name={layout.key}
        className="input input-phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={layout.placeholder}
        value={value ?? ""}
        maxLength={layout.max_length}
        disabled={off}
        {...fieldAria(id, layout, required, rawErrors)}
        onChange={(event) => answer(props, event.target.value)}
        onBlur={(event) => {
          const trimmed = event.target.value.trim();
          if (trimmed !== event.target.value) answer(props, trimmed);
        }}
      />
    </div>
  );
}

/** The international phone field type: a calling code and a number. */
export const fieldType = { name: "international_phone", Widget: InternationalPhoneWidget };
